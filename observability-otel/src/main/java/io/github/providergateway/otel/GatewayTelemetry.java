package io.github.providergateway.otel;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.api.ProviderInfo;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongUpDownCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gateway's decisions ({@link GatewayListener#decided}) as OpenTelemetry traces and metrics,
 * for the tools the ecosystem already has (Jaeger, Grafana, any OTLP collector). Add it to the
 * gateway as a listener with the host's {@link OpenTelemetry}:
 *
 * <pre>{@code
 * gateway.monitor().addListener(new GatewayTelemetry(openTelemetry));
 * }</pre>
 *
 * <p>Traces: a span per tool call, {@code execute_tool <tool>} ({@link SpanKind#INTERNAL}), with
 * the GenAI semantic attributes {@code gen_ai.operation.name}, {@code gen_ai.tool.name} and {@code
 * gen_ai.tool.call.id}, and {@code provider_gateway.provider}, {@code .session}, {@code .outcome}
 * and {@code error.type} (the error code, or {@code denied}); status ERROR unless it succeeded. A
 * child span per gate asked, {@code gate <gateId>}, with the gate's provider, decision and whether
 * it failed open. Spans are made when the call ends, with the start and end times the decision
 * gives (the gateway's clock).
 *
 * <p>Metrics: {@code provider_gateway.tool.calls} (by tool, provider, outcome, error code), {@code
 * provider_gateway.tool.call.duration} and {@code provider_gateway.gate.duration} (seconds), {@code
 * provider_gateway.refusals} (by kind and code: pushes over budget, hellos refused, ...) and {@code
 * provider_gateway.providers.connected}.
 *
 * <p>{@link #attach} also observes the gateway's calls in flight and queued ({@code
 * provider_gateway.tool.calls.in_flight}, {@code provider_gateway.tool.calls.queued}) and the
 * pushes it accepted ({@code provider_gateway.pushes.accepted}, beside the refused ones in {@code
 * refusals}), read when the SDK collects.
 *
 * <p>Called on the gateway's loop; it only records into the SDK, which exports on its own threads.
 */
public final class GatewayTelemetry implements GatewayListener {

  /** The instrumentation scope's name. */
  public static final String SCOPE = "io.github.providergateway";

  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> TOOL = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("provider_gateway.provider");
  static final AttributeKey<String> SESSION = AttributeKey.stringKey("provider_gateway.session");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("provider_gateway.outcome");
  static final AttributeKey<String> GATE = AttributeKey.stringKey("provider_gateway.gate");
  static final AttributeKey<String> DECISION = AttributeKey.stringKey("provider_gateway.decision");
  static final AttributeKey<Boolean> FAILED_OPEN =
      AttributeKey.booleanKey("provider_gateway.gate.failed_open");
  static final AttributeKey<String> KIND = AttributeKey.stringKey("provider_gateway.kind");

  /** Pre-tool-use evaluations waiting for their call's outcome, at most this many. */
  private static final int MAX_PENDING_EVALUATIONS = 4_096;

  private final Tracer tracer;
  private final LongCounter calls;
  private final DoubleHistogram callDuration;
  private final DoubleHistogram gateDuration;
  private final LongCounter refusals;
  private final LongUpDownCounter connected;

  /** Each call's pre-tool-use evaluation, by call id, until the call's outcome makes its span. */
  private final Map<String, Decision> evaluations =
      new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Decision> eldest) {
          return size() > MAX_PENDING_EVALUATIONS;
        }
      };

  /**
   * Records into {@code openTelemetry}'s tracer and meter.
   *
   * @param openTelemetry the host's OpenTelemetry (an SDK, or {@link OpenTelemetry#noop()})
   */
  public GatewayTelemetry(OpenTelemetry openTelemetry) {
    requireNonNull(openTelemetry, "openTelemetry");
    this.tracer = openTelemetry.getTracer(SCOPE);
    Meter meter = openTelemetry.getMeter(SCOPE);
    this.calls =
        meter
            .counterBuilder("provider_gateway.tool.calls")
            .setDescription("Tool calls by outcome")
            .setUnit("{call}")
            .build();
    this.callDuration =
        meter
            .histogramBuilder("provider_gateway.tool.call.duration")
            .setDescription(
                "From the host's request to the call's outcome, hooks and queue included")
            .setUnit("s")
            .build();
    this.gateDuration =
        meter
            .histogramBuilder("provider_gateway.gate.duration")
            .setDescription("From asking a gate to its answer")
            .setUnit("s")
            .build();
    this.refusals =
        meter
            .counterBuilder("provider_gateway.refusals")
            .setDescription("What the gateway refused providers, by kind and code")
            .setUnit("{refusal}")
            .build();
    this.connected =
        meter
            .upDownCounterBuilder("provider_gateway.providers.connected")
            .setDescription("Bound provider connections")
            .setUnit("{provider}")
            .build();
  }

  /**
   * Records {@code gateway}'s decisions into {@code openTelemetry}, and observes its calls in
   * flight and queued as gauges.
   *
   * @param gateway the gateway to observe; the telemetry is added to it as a listener
   * @param openTelemetry the host's OpenTelemetry
   * @return the telemetry, added
   */
  public static GatewayTelemetry attach(Gateway gateway, OpenTelemetry openTelemetry) {
    requireNonNull(gateway, "gateway");
    GatewayTelemetry telemetry = new GatewayTelemetry(openTelemetry);
    Meter meter = openTelemetry.getMeter(SCOPE);
    meter
        .gaugeBuilder("provider_gateway.tool.calls.in_flight")
        .ofLongs()
        .setDescription("Tool calls under way, queued ones included")
        .setUnit("{call}")
        .buildWithCallback(gauge -> gauge.record(gateway.monitor().callsInFlight()));
    meter
        .gaugeBuilder("provider_gateway.tool.calls.queued")
        .ofLongs()
        .setDescription("Tool calls waiting for their provider's concurrency slot")
        .setUnit("{call}")
        .buildWithCallback(gauge -> gauge.record(gateway.monitor().callsQueued()));
    meter
        .counterBuilder("provider_gateway.pushes.accepted")
        .setDescription("Pushes the gateway accepted from providers")
        .setUnit("{push}")
        .buildWithCallback(counter -> counter.record(gateway.monitor().pushesAccepted()));
    gateway.monitor().addListener(telemetry);
    return telemetry;
  }

  @Override
  public void decided(Decision decision) {
    switch (decision.kind()) {
      case PRE_TOOL_USE -> {
        if (decision.callId() != null) {
          evaluations.put(decision.callId(), decision);
        }
        for (Decision.GateAnswer gate : decision.gates()) {
          gateDuration.record(
              seconds(gate.latency()),
              Attributes.of(
                  PROVIDER,
                  gate.provider(),
                  GATE,
                  String.valueOf(gate.gateId()),
                  DECISION,
                  gate.decision()));
        }
      }
      case TOOL_CALL -> toolCall(decision, evaluations.remove(decision.callId()));
      case ASK -> {
        // A question to the person: its time is the person's, not a gate's latency, and its
        // call's span already covers it (the audit trail has each step).
      }
      case AUTH, PAIRING, HELLO, UPDATE, PUSH, OTHER -> {
        if (decision.outcome() == Decision.Outcome.REFUSED) {
          refusals.add(
              1,
              Attributes.of(
                  KIND,
                  decision.kind().name().toLowerCase(java.util.Locale.ROOT),
                  ERROR_TYPE,
                  String.valueOf(decision.code())));
        }
      }
    }
  }

  private void toolCall(Decision call, Decision evaluation) {
    AttributesBuilder metric =
        Attributes.builder().put(TOOL, call.tool()).put(OUTCOME, call.outcome().wireName());
    if (call.provider() != null) {
      metric.put(PROVIDER, call.provider());
    }
    String error = errorType(call);
    if (error != null) {
      metric.put(ERROR_TYPE, error);
    }
    Attributes attributes = metric.build();
    calls.add(1, attributes);
    Duration latency = call.latency() == null ? Duration.ZERO : call.latency();
    callDuration.record(seconds(latency), attributes);

    Instant end = call.time();
    Instant start = end.minus(latency);
    Span span =
        tracer
            .spanBuilder("execute_tool " + call.tool())
            .setSpanKind(SpanKind.INTERNAL)
            .setStartTimestamp(start)
            .setAllAttributes(attributes)
            .setAttribute(OPERATION, "execute_tool")
            .setAttribute(CALL_ID, call.callId())
            .setAttribute(SESSION, call.sessionId())
            .startSpan();
    if (evaluation != null) {
      gateSpans(span, evaluation.time().minus(evaluation.latency()), evaluation.gates());
    }
    if (error != null) {
      span.setStatus(StatusCode.ERROR, call.reason() == null ? error : call.reason());
    }
    span.end(end);
  }

  /** The gates one after another from the evaluation's start, each as long as it took. */
  private void gateSpans(Span parent, Instant from, List<Decision.GateAnswer> gates) {
    Instant at = from;
    Context context = Context.root().with(parent);
    for (Decision.GateAnswer gate : gates) {
      Span child =
          tracer
              .spanBuilder("gate " + gate.gateId())
              .setParent(context)
              .setStartTimestamp(at)
              .setAttribute(PROVIDER, gate.provider())
              .setAttribute(GATE, String.valueOf(gate.gateId()))
              .setAttribute(DECISION, gate.decision())
              .setAttribute(FAILED_OPEN, gate.failedOpen())
              .startSpan();
      if (!gate.decision().equals("allow")
          && !gate.decision().equals("context")
          && !gate.failedOpen()) {
        child.setStatus(StatusCode.ERROR, gate.reason() == null ? gate.decision() : gate.reason());
      }
      at = at.plus(gate.latency());
      child.end(at);
    }
  }

  private static String errorType(Decision call) {
    // Only a tool call's outcomes reach here; the rest are other kinds' and have no error type.
    return switch (call.outcome()) {
      case SUCCESS -> null;
      case DENIED -> "denied";
      case FAILURE -> call.code() == null ? "failure" : call.code();
      case OK, REFUSED, REQUESTED, CONFIRMED, ALLOW, DENY, ASK, ASKED, TIMEOUT, WITHDRAWN -> null;
    };
  }

  private static double seconds(Duration duration) {
    return duration.toNanos() / 1e9;
  }

  @Override
  public void providerConnected(ProviderInfo provider) {
    connected.add(1);
  }

  @Override
  public void providerDisconnected(ProviderInfo provider) {
    connected.add(-1);
  }
}
