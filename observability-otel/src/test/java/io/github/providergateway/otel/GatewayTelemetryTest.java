package io.github.providergateway.otel;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Spans and metrics of the gateway's decisions, read back with the SDK's in-memory exporters. */
class GatewayTelemetryTest {

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  private final OpenTelemetrySdk sdk =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
          .build();
  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  {
    GatewayTelemetry.attach(f.gateway, sdk);
  }

  @AfterEach
  void close() {
    f.close();
    sdk.close();
  }

  private MetricData metric(String name) {
    Collection<MetricData> all = metrics.collectAllMetrics();
    return all.stream()
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no metric " + name + " in " + all.stream().map(MetricData::getName).toList()));
  }

  @Test
  void aCallIsASpanWithTheGenAiAttributesAndItsGatesAreChildSpans() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("deploy"));
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "ci-green")), null))
                .build());

    var call = f.call(session, "deploy", "{}");
    GateCheck check = guard.next(GateCheck.class);
    f.clock.advance(Duration.ofMillis(30));
    guard.send(GateResult.allow("ci-green", check.callId()));
    ToolCall sent = worker.next(ToolCall.class);
    f.clock.advance(Duration.ofMillis(70));
    worker.send(ToolResult.success(sent.id(), json("1")));
    done(call);

    List<SpanData> finished = spans.getFinishedSpanItems();
    SpanData callSpan =
        finished.stream()
            .filter(s -> s.getName().equals("execute_tool deploy"))
            .findFirst()
            .orElseThrow();
    assertThat(callSpan.getAttributes().get(GatewayTelemetry.OPERATION)).isEqualTo("execute_tool");
    assertThat(callSpan.getAttributes().get(GatewayTelemetry.TOOL)).isEqualTo("deploy");
    assertThat(callSpan.getAttributes().get(GatewayTelemetry.CALL_ID)).isEqualTo(sent.id());
    assertThat(callSpan.getAttributes().get(GatewayTelemetry.PROVIDER)).isEqualTo("worker");
    assertThat(callSpan.getAttributes().get(GatewayTelemetry.SESSION)).isEqualTo(session);
    assertThat(callSpan.getAttributes().get(GatewayTelemetry.OUTCOME)).isEqualTo("success");
    assertThat(callSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertThat(callSpan.getEndEpochNanos() - callSpan.getStartEpochNanos())
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
    SpanData gate =
        finished.stream()
            .filter(s -> s.getName().equals("gate ci-green"))
            .findFirst()
            .orElseThrow();
    assertThat(gate.getParentSpanId()).isEqualTo(callSpan.getSpanId());
    assertThat(gate.getTraceId()).isEqualTo(callSpan.getTraceId());
    assertThat(gate.getAttributes().get(GatewayTelemetry.DECISION)).isEqualTo("allow");
    assertThat(gate.getEndEpochNanos() - gate.getStartEpochNanos())
        .isEqualTo(TimeUnit.MILLISECONDS.toNanos(30));

    assertThat(metric("provider_gateway.tool.calls").getLongSumData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(1));
    assertThat(metric("provider_gateway.tool.call.duration").getHistogramData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getSum()).isEqualTo(0.1));
    assertThat(metric("provider_gateway.gate.duration").getHistogramData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getSum()).isEqualTo(0.03));
    assertThat(metric("provider_gateway.providers.connected").getLongSumData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(2));
  }

  @Test
  void callsInFlightAndQueuedAreGauges() {
    f.bound(
        Hello.builder("worker")
            .session(session)
            .concurrency(
                new io.github.providergateway.protocol.Concurrency(
                    1, io.github.providergateway.protocol.ConcurrencyScope.PROVIDER))
            .tools(tool("deploy"))
            .build());

    f.call(session, "deploy", "{}");
    f.call(session, "deploy", "{}");

    assertThat(metric("provider_gateway.tool.calls.in_flight").getLongGaugeData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(2));
    assertThat(metric("provider_gateway.tool.calls.queued").getLongGaugeData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(1));
  }

  @Test
  void pushesAcceptedAreCounted() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("deploy"));
    worker.send(
        io.github.providergateway.protocol.Push.event(
            io.github.providergateway.protocol.PushLevel.KEEP, "one"));
    worker.send(
        io.github.providergateway.protocol.Push.event(
            io.github.providergateway.protocol.PushLevel.KEEP, "two"));

    assertThat(metric("provider_gateway.pushes.accepted").getLongSumData().getPoints())
        .singleElement()
        .satisfies(p -> assertThat(p.getValue()).isEqualTo(2));
  }

  @Test
  void aDeniedOrFailedCallIsAnErrorSpanAndRefusalsAreCounted() {
    f.bound("worker", session, tool("deploy"));
    f.bound(
        Hello.builder("guard")
            .session(session)
            .hooks(new Hooks(List.of(HookRule.deny(null, "frozen")), null))
            .build());
    RecordingProviderConnection intruder = f.connect();
    intruder.send(Auth.withToken("wrong"));
    intruder.next(ErrorMessage.class);

    done(f.call(session, "deploy", "{}"));
    done(f.call(session, "nope", "{}"));

    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished)
        .extracting(SpanData::getName)
        .containsExactly("execute_tool deploy", "execute_tool nope");
    assertThat(finished)
        .allSatisfy(s -> assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR));
    assertThat(finished.get(0).getAttributes().get(GatewayTelemetry.ERROR_TYPE))
        .isEqualTo("denied");
    assertThat(finished.get(1).getAttributes().get(GatewayTelemetry.ERROR_TYPE))
        .isEqualTo("NOT_FOUND");
    assertThat(metric("provider_gateway.refusals").getLongSumData().getPoints())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getValue()).isEqualTo(1);
              assertThat(p.getAttributes().get(GatewayTelemetry.KIND)).isEqualTo("auth");
              assertThat(p.getAttributes().get(GatewayTelemetry.ERROR_TYPE))
                  .isEqualTo("AUTH_FAILED");
            });
  }
}
