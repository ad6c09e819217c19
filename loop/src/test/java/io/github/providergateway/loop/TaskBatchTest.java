package io.github.providergateway.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class TaskBatchTest {

  private final List<String> ran = new ArrayList<>();

  @Test
  void deferredWorkRunsWhenTheBatchEndsInTheOrderItWasDeferred() {
    TaskBatch.around(
        () -> {
          assertThat(TaskBatch.defer(() -> ran.add("first write"))).isTrue();
          assertThat(TaskBatch.defer(() -> ran.add("second write"))).isTrue();
          ran.add("the batch's work");
        });

    assertThat(ran).containsExactly("the batch's work", "first write", "second write");
  }

  @Test
  void withNoBatchOpenTheCallerIsToldToRunItNow() {
    assertThat(TaskBatch.defer(() -> ran.add("never"))).isFalse();

    TaskBatch.around(() -> {});
    assertThat(ran).isEmpty();
  }

  @Test
  void anInnerBatchRunsWithinTheOuterOneAndDefersToItsEnd() {
    TaskBatch.around(
        () -> {
          TaskBatch.around(() -> TaskBatch.defer(() -> ran.add("deferred inside")));
          ran.add("after the inner batch");
        });

    assertThat(ran).containsExactly("after the inner batch", "deferred inside");
  }

  @Test
  void deferredWorkRunsEvenWhenTheBatchFailedAndOneFailureDoesNotStopTheRest() {
    assertThatThrownBy(
            () ->
                TaskBatch.around(
                    () -> {
                      TaskBatch.defer(
                          () -> {
                            throw new IllegalStateException("a broken write");
                          });
                      TaskBatch.defer(() -> ran.add("the next write"));
                      throw new IllegalArgumentException("the read failed");
                    }))
        .isInstanceOf(IllegalArgumentException.class);

    assertThat(ran).containsExactly("the next write");
    assertThat(TaskBatch.defer(() -> {})).as("the batch is closed").isFalse();
  }

  @Test
  void aBatchIsTheOpeningThreadsOnly() throws Exception {
    TaskBatch.around(
        () -> {
          boolean elsewhere = CompletableFuture.supplyAsync(() -> TaskBatch.defer(() -> {})).join();
          assertThat(elsewhere).isFalse();
        });
  }

  @Test
  void theBooleanFormAnswersWhatItsWorkAnswered() {
    assertThat(TaskBatch.around(() -> false)).isFalse();
    assertThat(TaskBatch.around(() -> true)).isTrue();
  }
}
