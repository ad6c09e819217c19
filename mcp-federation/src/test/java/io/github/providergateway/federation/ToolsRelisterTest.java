package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Re-lists coalesced: one in flight, one pending (issue 35); lists end when the test says. */
class ToolsRelisterTest {

  /** The lists started, in order; each ends when the test completes it. */
  private final List<CompletableFuture<Void>> lists = new ArrayList<>();

  private final ToolsRelister relister =
      new ToolsRelister(
          () -> {
            CompletableFuture<Void> list = new CompletableFuture<>();
            lists.add(list);
            return list;
          });

  @Test
  void aChangeStartsAListAtOnce() {
    relister.changed();

    assertThat(lists).hasSize(1);
  }

  @Test
  void anyNumberOfChangesDuringAListCostOneMoreListStartedWhenItEnds() {
    relister.changed();
    for (int i = 0; i < 50_000; i++) {
      relister.changed();
    }
    assertThat(lists).as("one in flight").hasSize(1);

    lists.get(0).complete(null);
    assertThat(lists).as("the pending one, started as the first ended").hasSize(2);

    lists.get(1).complete(null);
    assertThat(lists).as("no change since it started: nothing more").hasSize(2);
  }

  @Test
  void aChangeAfterTheListsEndedListsAgainAndAFailedListDoesNotStopTheNext() {
    relister.changed();
    lists.get(0).completeExceptionally(new IllegalStateException("the server went away"));

    relister.changed();
    assertThat(lists).hasSize(2);
    relister.changed();
    lists.get(1).complete(null);
    assertThat(lists).hasSize(3);
  }

  @Test
  void aListThatCannotStartLeavesTheRelisterReadyForTheNextChange() {
    List<String> tries = new ArrayList<>();
    ToolsRelister failing =
        new ToolsRelister(
            () -> {
              tries.add("list");
              throw new IllegalStateException("not connected");
            });

    failing.changed();
    failing.changed();

    assertThat(tries).hasSize(2);
  }
}
