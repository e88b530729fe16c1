// Recursive and mutually recursive methods: the analysis terminates and still reports their accesses.
#include <mutex>

namespace tree {

struct TreeNode {
  int key = 0;
  TreeNode *left = nullptr;
  TreeNode *right = nullptr;
};

class SearchTree {
public:
  void insert_ok(TreeNode *node) {
    std::lock_guard<std::mutex> guard(mu_);
    insertAt(root_, node);
    ++size_;
  }

  int depth_bad() {
    visited_ = 0; // expected-race{{unprotected write to `this->visited_` in 'tree::SearchTree::depth_bad'}}
    return depthOf(root_); // expected-race{{read of `this->root_` without synchronization in 'tree::SearchTree::depth_bad' races with the write in 'tree::SearchTree::insert_ok'}}
  }

  int countEven_bad(int n) {
    return isEven(n); // expected-race{{unprotected write to `this->parityChecks_` in 'tree::SearchTree::countEven_bad' (via call to 'tree::SearchTree::isEven')}}
  }

private:
  static void insertAt(TreeNode *&slot, TreeNode *node) {
    if (!slot) {
      slot = node;
      return;
    }
    insertAt(node->key < slot->key ? slot->left : slot->right, node);
  }

  int depthOf(const TreeNode *n) {
    if (!n)
      return 0;
    int l = depthOf(n->left);
    int r = depthOf(n->right);
    return 1 + (l > r ? l : r);
  }

  int isEven(int n) {
    ++parityChecks_;
    return n == 0 ? 1 : isOdd(n - 1);
  }
  int isOdd(int n) {
    ++parityChecks_;
    return n == 0 ? 0 : isEven(n - 1);
  }

  std::mutex mu_;
  TreeNode *root_ = nullptr;
  long size_ = 0;
  long visited_ = 0;
  long parityChecks_ = 0;
};

} // namespace tree
