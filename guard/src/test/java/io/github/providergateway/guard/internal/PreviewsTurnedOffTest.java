package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A runner's task told by the call's environment to leave its preview ({@code DRY_RUN=0}) or skip
 * its signature check ({@code SKIP_SIG=1}) is asked about (decision 289); a preview kept, a
 * developer's task and a task given neither are not.
 */
class PreviewsTurnedOffTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "REFILLBOT_DRY_RUN=0 make reminders-send SEGMENT=all-active TEMPLATE=refill_due_v3",
        "DRY_RUN=false make notices-mail",
        "export NOOP=0 && make sync-tariffs",
        "make -C ops firmware-rollout FW=kempower-1.19.2 GROUP=all SKIP_SIG=1",
        "NO_SIGNATURE_CHECK=true npm run ota:push"
      })
  void aTaskSentThroughIsAsked(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("shapes.runner-at-production");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "REFILLBOT_DRY_RUN=1 make reminders-send SEGMENT=all-active",
        "make reminders-send SEGMENT=all-active",
        "DRY_RUN=0 make test",
        "SIG=0 make build",
        "DRY_RUN_LOG=0 make lint"
      })
  void aPreviewKeptOrADevelopersTaskIsNot(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("allow");
  }
}
