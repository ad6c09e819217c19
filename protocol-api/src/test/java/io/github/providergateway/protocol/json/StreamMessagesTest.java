package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec vectors for events and streams: {@code push}, {@code filter.set}, {@code stream.query} and
 * {@code stream.history}.
 */
class StreamMessagesTest {

  @Test
  void pushWithStreamAndMetadataDecodesAndReencodes() {
    String json =
        """
        {
        "type": "push",
        "stream": "ci-watch",
        "event": "CI failed on test/auth.spec.ts",
        "level": "inject",
        "metadata": { "kind": "ci-failure", "runId": 12345 }
        }""";

    Push push = decodeProvider(json, Push.class);

    assertThat(push.stream()).isEqualTo("ci-watch");
    assertThat(push.event()).isEqualTo("CI failed on test/auth.spec.ts");
    assertThat(push.level()).isEqualTo(PushLevel.INJECT);
    assertThat(push.metadata()).isEqualTo(json("{\"kind\":\"ci-failure\",\"runId\":12345}"));
    assertThat(push.sessionId()).isNull();
    assertThat(push.prompt()).isNull();
    assertThat(push.broadcast()).isNull();
    assertThat(push.isBroadcast()).isFalse();
    assertEncodesTo(push, json);
  }

  @Test
  void corePushDecodesAndReencodes() {
    String json =
        """
        { "type": "push", "level": "inject", "event": "Page asks for help", "stream": "detour" }""";

    Push push = decodeProvider(json, Push.class);

    assertThat(push).isEqualTo(Push.event("detour", PushLevel.INJECT, "Page asks for help"));
    assertEncodesTo(push, json);
  }

  @Test
  void pushWithKeepAndSurfaceLevelsDecodes() {
    Push keep =
        decodeProvider("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e\"}", Push.class);
    Push surface =
        decodeProvider("{\"type\":\"push\",\"level\":\"surface\",\"event\":\"e\"}", Push.class);

    assertThat(keep).isEqualTo(Push.event(PushLevel.KEEP, "e"));
    assertThat(surface).isEqualTo(Push.event(PushLevel.SURFACE, "e"));
  }

  @Test
  void pushWithPromptAndNoEventDecodesAndReencodes() {
    // v2 "push" table: event is required unless prompt is present.
    String json =
        """
        {"type":"push","prompt":"Summarize the failing CI run.","level":"inject"}""";

    Push push = decodeProvider(json, Push.class);

    assertThat(push.event()).isNull();
    assertThat(push.prompt()).isEqualTo("Summarize the failing CI run.");
    assertEncodesTo(push, json);
  }

  @Test
  void broadcastPushFromAnAllBoundProviderDecodesAndReencodes() {
    String json =
        """
        {"type":"push","event":"Deploy finished","level":"surface","broadcast":true}""";

    Push push = decodeProvider(json, Push.class);

    assertThat(push.isBroadcast()).isTrue();
    assertEncodesTo(push, json);
  }

  @Test
  void pushToOneSessionDecodesAndReencodes() {
    String json =
        """
        {"type":"push","sessionId":"abc123","event":"Deploy finished","level":"keep"}""";

    Push push = decodeProvider(json, Push.class);

    assertThat(push.sessionId()).isEqualTo("abc123");
    assertEncodesTo(push, json);
  }

  @Test
  void filterSetDecodesAndReencodes() {
    String json =
        """
        {
        "type": "filter.set",
        "stream": "git-watch",
        "rules": [
        { "match": "behind=0", "outcome": "drop" },
        { "match": "conflicts=[1-9]", "outcome": "inject" },
        { "match": ".*", "outcome": "keep" }
        ]
        }""";

    FilterSet filter = decodeProvider(json, FilterSet.class);

    assertThat(filter)
        .isEqualTo(
            new FilterSet(
                null,
                null,
                "git-watch",
                List.of(
                    new FilterRule("behind=0", FilterOutcome.DROP),
                    new FilterRule("conflicts=[1-9]", FilterOutcome.INJECT),
                    new FilterRule(".*", FilterOutcome.KEEP))));
    assertEncodesTo(filter, json);
  }

  @Test
  void filterSetWithSurfaceOutcomeAndEmptyRulesDecodes() {
    FilterSet surface =
        decodeProvider(
            """
        {"type":"filter.set","stream":"s","rules":[{"match":"x","outcome":"surface"}]}""",
            FilterSet.class);
    FilterSet cleared =
        decodeProvider(
            """
        {"type":"filter.set","requestId":"req-9","rules":[]}""",
            FilterSet.class);

    assertThat(surface.rules()).containsExactly(new FilterRule("x", FilterOutcome.SURFACE));
    assertThat(cleared.stream()).isNull();
    assertThat(cleared.requestId()).isEqualTo("req-9");
    assertThat(cleared.rules()).isEmpty();
  }

  @Test
  void streamQueryDecodesAndReencodes() {
    String json =
        """
        {
        "type": "stream.query",
        "queryId": "q-1",
        "sessionId": "abc123",
        "streams": ["ci-watch@ci-watcher", "git-watch@guardian"],
        "last": 10
        }""";

    StreamQuery query = decodeProvider(json, StreamQuery.class);

    assertThat(query)
        .isEqualTo(
            new StreamQuery(
                "q-1", "abc123", List.of("ci-watch@ci-watcher", "git-watch@guardian"), 10));
    assertEncodesTo(query, json);
  }

  @Test
  void streamHistoryDecodesEntriesInOrderAndReencodes() {
    String json =
        """
        {
        "type": "stream.history",
        "queryId": "q-1",
        "streams": {
        "ci-watch@ci-watcher": [
        { "ts": "2026-04-26T14:01:00Z", "event": "failure on test/auth.spec.ts" },
        { "ts": "2026-04-26T14:00:00Z", "event": "running" }
        ],
        "git-watch@guardian": [
        { "ts": "2026-04-26T14:00:30Z", "event": "behind=2" }
        ]
        }
        }""";

    StreamHistory history = decodeGateway(json, StreamHistory.class);

    assertThat(history.queryId()).isEqualTo("q-1");
    assertThat(history.streams())
        .containsExactly(
            Map.entry(
                "ci-watch@ci-watcher",
                List.of(
                    StreamEntry.of(
                        Instant.parse("2026-04-26T14:01:00Z"), "failure on test/auth.spec.ts"),
                    StreamEntry.of(Instant.parse("2026-04-26T14:00:00Z"), "running"))),
            Map.entry(
                "git-watch@guardian",
                List.of(StreamEntry.of(Instant.parse("2026-04-26T14:00:30Z"), "behind=2"))));
    assertEncodesTo(history, json);
  }

  @Test
  void streamHistoryEntryWithLevelAndMetadataReencodes() {
    String json =
        """
        {"type":"stream.history","queryId":"q-2","streams":{"ci-watch":[
          {"ts":"2026-04-26T14:01:00.250Z","event":"failed","level":"inject","metadata":{"runId":12345}}]}}""";

    StreamHistory history = decodeGateway(json, StreamHistory.class);

    StreamEntry entry = history.streams().get("ci-watch").get(0);
    assertThat(entry.level()).isEqualTo(PushLevel.INJECT);
    assertThat(entry.metadata()).isEqualTo(json("{\"runId\":12345}"));
    assertEncodesTo(history, json);
  }

  /** The host protocol's stream.query reply carries the same streams object, written alone. */
  @Test
  void streamsAloneAreTheObjectAStreamHistoryCarries() {
    String json =
        """
        {"ci-watch@ci-watcher":[{"ts":"2026-04-26T14:01:00Z","event":"failed","level":"inject","metadata":{"runId":1}},\
        {"ts":"2026-04-26T14:00:00Z","event":"running"}],"git-watch@guardian":[]}""";
    Map<String, List<StreamEntry>> streams =
        decodeGateway(
                "{\"type\":\"stream.history\",\"queryId\":\"q\",\"streams\":" + json + "}",
                StreamHistory.class)
            .streams();

    assertThat(Codec.CODEC.writeJson(Codec.CODEC.streamsToJson(streams))).isEqualTo(json);
    assertThat(Codec.CODEC.streamsFromJson(Codec.CODEC.streamsToJson(streams)))
        .containsExactlyEntriesOf(streams);
  }
}
