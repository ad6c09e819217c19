package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An application's task run in a pod is read by its name (decision 287): a purge, a cancel, a send
 * are asked about; a report, a list and a task on a cluster of this machine are not.
 */
class PodTasksTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kubectl -n rx exec deploy/rx-api -- bundle exec rake 'patients:purge_inactive[2016-01-01]'",
        "kubectl -n rx exec deploy/rx-api -- bin/rake patients:purge_inactive",
        "kubectl -n rx exec deploy/rx-api -- rails patients:purge_inactive",
        "kubectl -n shop exec deploy/shop-api -- php artisan orders:cancel-stale --days=3",
        "kubectl -n shop exec deploy/shop-api -- npm run purge-inactive",
        "oc exec deploy/shop-api -- yarn send-reminders"
      })
  void anActingTaskInAPodIsAsked(String command) {
    assertThat(StandardCalls.matched(command)).contains("shapes.pod-command-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "kubectl -n rx exec deploy/rx-api -- bundle exec rake 'patients:report[2016]'",
        "kubectl -n shop exec deploy/shop-api -- php artisan route:list",
        "kubectl --context kind-dev exec deploy/rx-api -- bundle exec rake patients:purge_inactive",
        "bundle exec rake patients:report"
      })
  void aReadingTaskOrALocalClusterIsNot(String command) {
    assertThat(StandardCalls.matched(command)).doesNotContain("shapes.pod-command-acts");
  }

  @Test
  void theTaskIsTheRunnersFirstOperand() {
    assertThat(PodTasks.task("bundle", List.of("exec", "rake", "-t", "a:b"))).isEqualTo("a:b");
    assertThat(PodTasks.task("php", List.of("artisan", "queue:flush"))).isEqualTo("queue:flush");
    assertThat(PodTasks.task("php", List.of("index.php"))).isNull();
    assertThat(PodTasks.task("npm", List.of("install"))).isNull();
    assertThat(PodTasks.task("/usr/bin/rake", List.of("db:seed"))).isEqualTo("db:seed");
  }
}
