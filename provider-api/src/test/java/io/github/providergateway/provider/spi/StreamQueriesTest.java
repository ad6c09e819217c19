package io.github.providergateway.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.PushBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Stream queries and pushes on the runtime alone. */
class StreamQueriesTest {

  private static final Instant NOON = Instant.parse("2026-04-26T12:00:00Z");

  private final RuntimeHarness h = new RuntimeHarness();

  @AfterEach
  void nothingUnexpectedWasSent() {
    h.channel.assertNoMoreMessages();
  }

  @Test
  void eachQueryCompletesWithTheHistoryThatEchoesItsId() {
    ProviderSession session = h.bind(h.provider());

    CompletableFuture<StreamHistory> first =
        session.queryStreams(List.of("ci"), 10).toCompletableFuture();
    CompletableFuture<StreamHistory> second =
        session.queryStreams(List.of("git"), 5).toCompletableFuture();
    assertThat(h.channel.next(StreamQuery.class))
        .isEqualTo(new StreamQuery("q-1", null, List.of("ci"), 10));
    assertThat(h.channel.next(StreamQuery.class))
        .isEqualTo(new StreamQuery("q-2", null, List.of("git"), 5));
    StreamHistory git = history("q-2", "git", "behind=2");
    StreamHistory ci = history("q-1", "ci", "red");
    h.deliver(git);
    h.deliver(ci);

    assertThat(first).isCompletedWithValue(ci);
    assertThat(second).isCompletedWithValue(git);
  }

  @Test
  void anErrorReplyingToAQueryFailsTheOldestQueryInFlight() {
    ProviderSession session = h.bind(h.provider());
    CompletableFuture<StreamHistory> first =
        session.queryStreams(List.of("ci@other"), 10).toCompletableFuture();
    CompletableFuture<StreamHistory> second =
        session.queryStreams(List.of("ci"), 10).toCompletableFuture();
    h.channel.next(StreamQuery.class);
    h.channel.next(StreamQuery.class);

    h.deliver(
        ErrorMessage.of(ErrorCode.UNAUTHORIZED, "cross-provider reads need internal trust")
            .withReplyTo("stream.query"));

    assertThatThrownBy(first::join).hasCauseInstanceOf(GatewayErrorException.class);
    assertThat(second).isNotDone();
    assertThat(h.errors).hasSize(1);
  }

  @Test
  void aQueryWaitsForTheBindingAndOneLostInADropIsAskedAgain() {
    ProviderSession session = h.start(h.provider());
    CompletableFuture<StreamHistory> early =
        session.queryStreams("s-1", List.of("ci"), 3).toCompletableFuture();
    h.open(h.channel);
    h.channel.next(Hello.class);
    h.deliver(RuntimeHarness.ack("s-1"));
    assertThat(h.channel.next(StreamQuery.class).sessionId()).isEqualTo("s-1");

    h.drop(true);
    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);
    next.next(Hello.class);
    h.deliver(RuntimeHarness.ack("s-1"));
    StreamQuery again = next.next(StreamQuery.class);
    h.deliver(history(again.queryId(), "ci", "green"));

    assertThat(again.queryId()).isEqualTo("q-1");
    assertThat(early).isCompletedWithValue(history("q-1", "ci", "green"));
    next.assertNoMoreMessages();
  }

  @Test
  void queriesFailWhenTheSessionCloses() {
    ProviderSession session = h.bind(h.provider());
    CompletableFuture<StreamHistory> query =
        session.queryStreams(List.of("ci"), 3).toCompletableFuture();
    h.channel.next(StreamQuery.class);

    session.close();
    h.channel.next(Goodbye.class);
    h.drop(true);

    assertThatThrownBy(query::join).hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void pushesCarryTheirStreamMetadataPromptAndTarget() {
    ProviderSession session = h.bind(h.provider());
    var metadata = RuntimeHarness.json("{\"runId\":12345}");

    session.push("ci", PushLevel.SURFACE, "CI is red");
    session.push(
        PushBuilder.event(PushLevel.INJECT, "CI failed").stream("ci")
            .metadata(metadata)
            .session("s-1")
            .build());
    session.push(PushBuilder.prompt("Fix the failing test").broadcast().build());

    assertThat(h.channel.next(Push.class))
        .isEqualTo(Push.event("ci", PushLevel.SURFACE, "CI is red"));
    assertThat(h.channel.next(Push.class))
        .isEqualTo(new Push("ci", "s-1", "CI failed", null, PushLevel.INJECT, metadata, null));
    assertThat(h.channel.next(Push.class))
        .isEqualTo(
            new Push(null, null, null, "Fix the failing test", PushLevel.INJECT, null, true));
  }

  private static StreamHistory history(String queryId, String stream, String event) {
    return new StreamHistory(queryId, Map.of(stream, List.of(StreamEntry.of(NOON, event))));
  }
}
