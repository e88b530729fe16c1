// A derived class that locks is checked; writes to inherited fields are `this->field` accesses.
#include <mutex>
#include <string>

namespace shapes {

class Shape {
public:
  double area() const { return area_; }

protected:
  double area_ = 0;
  std::string label_;
};

class Circle : public Shape {
public:
  void setRadius_ok(double r) {
    std::lock_guard<std::mutex> guard(mu_);
    radius_ = r;
    area_ = 3.14159 * r * r;
  }

  void relabel_bad(const std::string &l) {
    label_ = l; // expected-race{{unprotected write to container `this->label_` (call to 'std::basic_string::operator=') in 'shapes::Circle::relabel_bad'}}
  }

  void scale_bad(double k) {
    radius_ *= k; // expected-race{{unprotected write to `this->radius_` in 'shapes::Circle::scale_bad'}}
  }

  double describe_bad() const {
    return area(); // expected-race{{read of `this->area_` without synchronization in 'shapes::Circle::describe_bad' (via call to 'shapes::Shape::area')}}
  }

private:
  mutable std::mutex mu_;
  double radius_ = 0;
};

} // namespace shapes
