package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The shapes of written workflows and funding files (decision 104), read from their text. */
class ReleaseShapesTest {

  private static final String WORKFLOW = "/work/project/.github/workflows/x.yml";

  private static String scheduled(String cron, String runsOn, String matrix) {
    return "on:\n  schedule:\n    - cron: \""
        + cron
        + "\"\njobs:\n  a:\n    strategy:\n      matrix:\n"
        + matrix
        + "    runs-on: "
        + runsOn
        + "\n    steps:\n      - run: make test\n";
  }

  @Test
  void aScheduleEveryMinuteOnPaidRunnersOrAWideMatrixIsFound() {
    assertThat(ReleaseShapes.held(WORKFLOW, scheduled("* * * * *", "macos-14", "        a: [1]\n")))
        .startsWith(ReleaseShapes.EVERY_MINUTE + " cron * *");
    assertThat(
            ReleaseShapes.held(
                WORKFLOW,
                scheduled(
                    "*/2 * * * *",
                    "ubuntu-latest",
                    "        a: [1, 2, 3, 4]\n        b: [1, 2, 3, 4]\n")))
        .contains("16 jobs a run");
  }

  @Test
  void aRareScheduleACheapOneOrAnHourlyOneIsNot() {
    assertThat(
            ReleaseShapes.held(WORKFLOW, scheduled("17 3 * * 1", "macos-14", "        a: [1]\n")))
        .isNull();
    assertThat(
            ReleaseShapes.held(
                WORKFLOW, scheduled("*/5 * * * *", "ubuntu-latest", "        a: [1, 2]\n")))
        .isNull();
    assertThat(ReleaseShapes.held(WORKFLOW, scheduled("0 * * * *", "macos-14", "        a: [1]\n")))
        .isNull();
    assertThat(
            ReleaseShapes.held(WORKFLOW, scheduled("*/10 * * * *", "macos-14", "        a: [1]\n")))
        .isNull();
  }

  @Test
  void pullRequestTargetIsFoundOnlyWithACheckoutOfTheHead() {
    String head =
        "on:\n  pull_request_target:\njobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n"
            + "        with:\n          ref: ${{ github.head_ref }}\n";
    assertThat(ReleaseShapes.held(WORKFLOW, head)).startsWith(ReleaseShapes.FORK_HEAD + " ");
    assertThat(ReleaseShapes.held(WORKFLOW, head.replace("pull_request_target", "pull_request")))
        .isNull();
    assertThat(
            ReleaseShapes.held(
                WORKFLOW,
                "on: pull_request_target\njobs:\n  a:\n    steps:\n      - uses: actions/labeler@v5\n"))
        .isNull();
    assertThat(ReleaseShapes.held("/work/project/ci/x.yml", head)).isNull();
  }

  @Test
  void aFundingFileNamesWhereTheMoneyGoes() {
    assertThat(
            ReleaseShapes.held(
                "/work/project/.github/FUNDING.yml", "custom: [\"https://x.example.net/d\"]\n"))
        .isEqualTo(ReleaseShapes.FUNDING + " funding to x.example.net");
    assertThat(ReleaseShapes.held("/work/project/.github/FUNDING.yml", "github: [acme]\n"))
        .isEqualTo(ReleaseShapes.FUNDING + " funding to github: [acme]");
    assertThat(ReleaseShapes.held("/work/project/.github/FUNDING.yml", "# none yet\ngithub: []\n"))
        .isNull();
    assertThat(ReleaseShapes.held("/work/project/docs/FUNDING.md", "custom: https://x.example.net"))
        .isNull();
  }
}
