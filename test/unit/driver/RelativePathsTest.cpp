//===- RelativePathsTest.cpp - --relative-paths' path mapping -------------===//
//
// Files under the root become relative at a component boundary only; others
// (system headers, a sibling directory sharing a prefix) stay absolute.
//===----------------------------------------------------------------------===//
#include "driver/RelativePaths.h"

#include <gtest/gtest.h>

using namespace racer;
using driver::relativeTo;

TEST(RelativePaths, UnderTheRootBecomesRelative) {
  EXPECT_EQ(relativeTo("/x/exec/ws/lib/a.cc", "/x/exec/ws"), "lib/a.cc");
  EXPECT_EQ(relativeTo("/x/exec/ws/lib/a.cc", "/x/exec/ws/"), "lib/a.cc");
  EXPECT_EQ(relativeTo("/x/exec/ws/bazel-out/k8/bin/g.h", "/x/exec/ws"),
            "bazel-out/k8/bin/g.h");
}

TEST(RelativePaths, OutsideTheRootIsUnchanged) {
  EXPECT_EQ(relativeTo("/usr/include/stdio.h", "/x/exec/ws"),
            "/usr/include/stdio.h");
  // A prefix that is not a whole component.
  EXPECT_EQ(relativeTo("/x/exec/ws2/a.cc", "/x/exec/ws"), "/x/exec/ws2/a.cc");
  // The root itself, and no root at all.
  EXPECT_EQ(relativeTo("/x/exec/ws", "/x/exec/ws"), "/x/exec/ws");
  EXPECT_EQ(relativeTo("/x/exec/ws/a.cc", ""), "/x/exec/ws/a.cc");
  EXPECT_EQ(relativeTo("/a.cc", "/"), "/a.cc");
}

TEST(RelativePaths, ModuleMainFileAndFiles) {
  ir::Module M;
  M.MainFile = "/r/src/a.cc";
  M.Files = {"/r/src/a.cc", "/r/include/a.h", "/usr/include/c++/12/mutex"};
  driver::relativizeModule(M, "/r");
  EXPECT_EQ(M.MainFile, "src/a.cc");
  EXPECT_EQ(M.Files, (std::vector<std::string>{"src/a.cc", "include/a.h",
                                               "/usr/include/c++/12/mutex"}));
}
