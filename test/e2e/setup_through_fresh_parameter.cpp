// A setter called on a helper's parameter, where every call of the helper hands it an object just made
// (rocksdb's ColumnFamilyData::SetMemtable(new_mem) calling new_mem->SetID(id), each caller passing a
// memtable it has just constructed, directly or through a local that is null on the paths that fail): the setter runs on objects not shared yet, and its race with a
// getter is low. Twins, each on a class of its own: the helper that publishes the object before it calls
// the setter; a helper one of whose callers hands it an object others can reach; a helper whose
// parameter is handed on to another function first.
#include <mutex>

namespace db {

class MemTable {
public:
  void SetID(unsigned long id) { id_ = id; } // expected-low-race{{unprotected write to `this->id_` in 'db::MemTable::SetID' races with itself on another thread [low: 'db::MemTable::SetID' is only called on objects not shared yet}}
  unsigned long GetID_ok() const {
    return id_; // expected-low-race{{read of `this->id_` without synchronization in 'db::MemTable::GetID_ok' races with the write in 'db::MemTable::SetID' [low: 'db::MemTable::SetID' is only called on objects not shared yet (a local, or one being constructed)]}}
  }
  void Add_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    bytes_ += n;
  }

private:
  std::mutex mu_;
  unsigned long id_ = 0;
  long bytes_ = 0;
};

class ColumnFamily {
public:
  // Sets the new memtable's id, then installs it.
  void SetMemtable(MemTable *new_mem) {
    new_mem->SetID(++last_id_);
    mem_ = new_mem;
  }
  MemTable *ConstructNewMemtable() { return new MemTable(); }
  // The constructed table passed on directly, or through a local that is
  // null on the other path.
  void CreateNewMemtable() { SetMemtable(ConstructNewMemtable()); }
  void SwitchMemtable(bool ok) {
    MemTable *new_mem = nullptr;
    if (ok)
      new_mem = ConstructNewMemtable();
    if (!new_mem)
      return;
    SetMemtable(new_mem);
  }
  void Recover() { SetMemtable(new MemTable()); }
  MemTable *mem() { return mem_; }

private:
  MemTable *mem_ = nullptr;
  unsigned long last_id_ = 0;
};

// Twin: the helper installs the table first, then sets its id: readers may see it in between.
class Segment {
public:
  void SetID(unsigned long id) {
    id_ = id; // expected-race{{unprotected write to `this->id_` in 'db::Segment::SetID' races with itself on another thread}}
  }
  unsigned long GetID_bad() const {
    return id_; // expected-race{{read of `this->id_` without synchronization in 'db::Segment::GetID_bad' races with the write in 'db::Segment::SetID'}}
  }
  void Add_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    bytes_ += n;
  }

private:
  std::mutex mu_;
  unsigned long id_ = 0;
  long bytes_ = 0;
};

class SegmentList {
public:
  void Install(Segment *s) {
    current_ = s;
    s->SetID(++last_id_);
  }
  void Roll() { Install(new Segment()); }

private:
  Segment *current_ = nullptr;
  unsigned long last_id_ = 0;
};

// Twin: one caller hands the helper a table every thread can reach.
class Block {
public:
  void SetID(unsigned long id) {
    id_ = id; // expected-race{{unprotected write to `this->id_` in 'db::Block::SetID' races with itself on another thread}}
  }
  unsigned long GetID_bad() const {
    return id_; // expected-race{{read of `this->id_` without synchronization in 'db::Block::GetID_bad' races with the write in 'db::Block::SetID'}}
  }
  void Add_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    bytes_ += n;
  }

private:
  std::mutex mu_;
  unsigned long id_ = 0;
  long bytes_ = 0;
};

Block *g_current_block;

class BlockCache {
public:
  void Adopt(Block *b) {
    b->SetID(++last_id_);
    blocks_ = b;
  }
  void Fresh() { Adopt(new Block()); }
  void Readopt() { Adopt(g_current_block); }

private:
  Block *blocks_ = nullptr;
  unsigned long last_id_ = 0;
};

// Twin: the helper hands its parameter to a registry before it sets the id.
class Page {
public:
  void SetID(unsigned long id) {
    id_ = id; // expected-race{{unprotected write to `this->id_` in 'db::Page::SetID' races with itself on another thread}}
  }
  unsigned long GetID_bad() const {
    return id_; // expected-race{{read of `this->id_` without synchronization in 'db::Page::GetID_bad' races with the write in 'db::Page::SetID'}}
  }
  void Add_ok(long n) {
    std::lock_guard<std::mutex> g(mu_);
    bytes_ += n;
  }

private:
  std::mutex mu_;
  unsigned long id_ = 0;
  long bytes_ = 0;
};

void RegisterPage(Page *p);

class PageTable {
public:
  void Map(Page *p) {
    RegisterPage(p);
    p->SetID(++last_id_);
  }
  void Grow() { Map(new Page()); }

private:
  unsigned long last_id_ = 0;
};

} // namespace db
