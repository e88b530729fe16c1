//===- BaselineReaderTest.cpp - Fingerprints streamed from a SARIF log ----===//

#include "report/BaselineReader.h"

#include <gtest/gtest.h>

using namespace racer::report;

namespace {

bool read(llvm::StringRef Text, llvm::StringSet<> &Out, std::string &Why) {
  return readFingerprints(Text, Out, Why);
}

TEST(BaselineReaderTest, TakesEveryResultsKeyAndSkipsTheRest) {
  llvm::StringSet<> Out;
  std::string Why;
  ASSERT_TRUE(read(R"({"version": "2.1.0", "runs": [
      {"tool": {"driver": {"name": "racecar", "rules": [{"id": "x"}]}},
       "results": [
         {"message": {"text": "a \"quoted\" }] text"},
          "partialFingerprints": {"other/v1": "zz", "racecarKey/v2": "k1"},
          "codeFlows": [{"threadFlows": [{"locations": [1, 2.5e3, true, null]}]}]},
         {"partialFingerprints": {"racecarKey/v2": "k\u00e9\/2"}},
         {"partialFingerprints": {"racecarKey/v2": "k1"}}]},
      {"results": []}]})",
                   Out, Why))
      << Why;
  EXPECT_EQ(Out.size(), 2u);
  EXPECT_TRUE(Out.contains("k1"));
  EXPECT_TRUE(Out.contains("k\xC3\xA9/2"));
}

TEST(BaselineReaderTest, SaysWhatIsWrong) {
  llvm::StringSet<> Out;
  std::string Why;
  EXPECT_FALSE(read(R"({"runs": [{"results": [{"message": {}}]}]})", Out, Why));
  EXPECT_NE(Why.find("a result without partialFingerprints.racecarKey/v2"),
            std::string::npos)
      << Why;
  EXPECT_FALSE(read(R"({"runs": [{"tool": {}}]})", Out, Why));
  EXPECT_NE(Why.find("a run without \"results\""), std::string::npos) << Why;
  EXPECT_FALSE(read(R"({"runs": [[1]]})", Out, Why));
  EXPECT_NE(Why.find("a run without \"results\""), std::string::npos) << Why;
  EXPECT_FALSE(read(R"({"runs": [{"results": ["x"]}]})", Out, Why));
  EXPECT_NE(Why.find("a result without"), std::string::npos) << Why;
  EXPECT_FALSE(read(R"({"version": "2.1.0"})", Out, Why));
  EXPECT_NE(Why.find("no \"runs\""), std::string::npos) << Why;
  EXPECT_FALSE(read("{\"runs\": [\n  {\"results\": [}", Out, Why));
  EXPECT_NE(Why.find("invalid JSON at line 2"), std::string::npos) << Why;
  EXPECT_FALSE(read(R"({"runs": []} x)", Out, Why));
  // Twin: a key elsewhere than a result's partialFingerprints is not one.
  Out.clear();
  EXPECT_TRUE(read(R"({"runs": [{"results": [], "racecarKey/v2": "no"}]})",
                   Out, Why))
      << Why;
  EXPECT_TRUE(Out.empty());
}

} // namespace
