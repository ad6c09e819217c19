package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.PromptSections;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TransformRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The prompt pipeline (spec: Transform rules, Protected prompt sections): for each system-prompt
 * section, the transforms of the session's providers run in registration order — static {@code
 * append}, {@code prepend}, {@code replace}, and {@code callback} round trips of at most 2 s each
 * ({@code transform.request}; silence or a vanished provider keeps the current text). Protected
 * sections take only appends, and are assembled last so safety content has the last word. Ambient
 * and startup contexts come in provider registration order. Loop only.
 */
final class PromptPipeline {

  /** What separates a section's text from appended or prepended content. */
  static final String SEPARATOR = "\n";

  private final Timers timers;
  private final Secrets secrets;
  private final Limits limits;

  /** Callbacks waiting for {@code transform.result}, by call id. */
  private final Map<String, PendingTransform> pending = new HashMap<>();

  PromptPipeline(Timers timers, Secrets secrets, Limits limits) {
    this.timers = timers;
    this.secrets = secrets;
    this.limits = limits;
  }

  CompletableFuture<PromptResult> run(SessionState session, Map<String, String> sections) {
    Map<String, String> texts = new LinkedHashMap<>(sections);
    List<Step> steps = new ArrayList<>();
    for (String section : sectionOrder(session, sections)) {
      texts.putIfAbsent(section, "");
      for (Binding binding : session.bindings().values()) {
        TransformRule rule = binding.declared.transforms.get(section);
        if (rule != null && PromptSections.allows(section, rule.action())) {
          steps.add(new Step(section, binding, rule));
        }
      }
    }
    Run run = new Run(session, texts, steps.iterator());
    advance(run);
    return run.result;
  }

  /**
   * The host's sections in its order, then sections only providers transform; protected sections
   * last, {@code identity} before {@code safety}.
   */
  private static List<String> sectionOrder(SessionState session, Map<String, String> sections) {
    List<String> order = new ArrayList<>();
    for (String section : sections.keySet()) {
      if (!PromptSections.isProtected(section)) {
        order.add(section);
      }
    }
    for (Binding binding : session.bindings().values()) {
      for (String section : binding.declared.transforms.keySet()) {
        if (!order.contains(section) && !PromptSections.isProtected(section)) {
          order.add(section);
        }
      }
    }
    for (String section : List.of(PromptSections.IDENTITY, PromptSections.SAFETY)) {
      boolean appended =
          session.bindings().values().stream()
              .anyMatch(b -> b.declared.transforms.containsKey(section));
      if (sections.containsKey(section) || appended) {
        order.add(section);
      }
    }
    return order;
  }

  private record Step(String section, Binding binding, TransformRule rule) {}

  private static final class Run {
    final SessionState session;
    final Map<String, String> texts;
    final Iterator<Step> steps;
    final CompletableFuture<PromptResult> result = new CompletableFuture<>();

    Run(SessionState session, Map<String, String> texts, Iterator<Step> steps) {
      this.session = session;
      this.texts = texts;
      this.steps = steps;
    }
  }

  private void advance(Run run) {
    while (run.steps.hasNext()) {
      Step step = run.steps.next();
      Binding binding = step.binding();
      if (binding.session.bindings().get(binding.provider) != binding) {
        continue; // the provider left meanwhile
      }
      String current = run.texts.get(step.section());
      TransformRule rule = step.rule();
      switch (rule.action()) {
        case APPEND -> run.texts.put(step.section(), join(current, rule.content()));
        case PREPEND -> run.texts.put(step.section(), join(rule.content(), current));
        case REPLACE -> run.texts.put(step.section(), rule.content());
        case CALLBACK -> {
          if (ask(run, step, current)) {
            return;
          }
        }
      }
    }
    finish(run);
  }

  private static String join(String first, String second) {
    if (first.isEmpty()) {
      return second;
    }
    if (second.isEmpty()) {
      return first;
    }
    return first + SEPARATOR + second;
  }

  /** Sends {@code transform.request}; false when the provider cannot be asked (text unchanged). */
  private boolean ask(Run run, Step step, String current) {
    Conn conn = step.binding().provider.conn;
    String callId = secrets.id("tx");
    if (conn.state() != ConnectionState.BOUND
        || !conn.transport.send(
            new TransformRequest(callId, run.session.id, step.section(), current))) {
      return false;
    }
    PendingTransform transform = new PendingTransform(callId, step, run);
    pending.put(callId, transform);
    transform.timeout =
        timers.deadline(limits.calls().transformTimeout(), () -> resume(transform, null));
    return true;
  }

  private static final class PendingTransform {
    final String callId;
    final Step step;
    final Run run;
    Scheduler.Cancellable timeout;

    PendingTransform(String callId, Step step, Run run) {
      this.callId = callId;
      this.step = step;
      this.run = run;
    }
  }

  void onResult(Conn conn, TransformResult result) {
    PendingTransform transform = pending.get(result.callId());
    if (transform != null && transform.step.binding().provider.conn == conn) {
      resume(transform, result.content());
    }
  }

  /** Continues the run with {@code content}, or with the current text when it is null. */
  private void resume(PendingTransform transform, String content) {
    if (pending.remove(transform.callId) != transform) {
      return;
    }
    transform.timeout.cancel();
    if (content != null) {
      transform.run.texts.put(transform.step.section(), content);
    }
    advance(transform.run);
  }

  /** {@code binding} is gone: its pending callbacks keep the current text (spec). */
  void bindingGone(Binding binding) {
    for (PendingTransform transform : new ArrayList<>(pending.values())) {
      if (transform.step.binding() == binding) {
        resume(transform, null);
      }
    }
  }

  private void finish(Run run) {
    List<String> context = new ArrayList<>();
    List<String> startup = new ArrayList<>();
    for (Binding binding : run.session.bindings().values()) {
      if (binding.declared.context != null) {
        context.add(binding.declared.context);
      }
      if (binding.provider.startupContext != null) {
        startup.add(binding.provider.startupContext);
      }
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    for (String section : sectionOrder(run.session, run.texts)) {
      ordered.put(section, run.texts.get(section));
    }
    run.result.complete(new PromptResult(ordered, context, startup));
  }
}
