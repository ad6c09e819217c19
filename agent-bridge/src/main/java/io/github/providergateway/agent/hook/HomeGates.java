package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.protocol.ProjectScope;
import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The blocking rules a home has in force for agents' hooks beyond what the gateway's live sessions
 * hold (architecture, decision 62): the gates a stopped or crashed gateway left, held for their
 * projects until their providers bind again, and the last rules of the home's configured providers,
 * which apply to every session whose own copy of the provider has not bound (yet). What {@link
 * HookGateRecorder} keeps and writes; what hook decisions consult through a {@link View}.
 *
 * <p>A held gate is released when its provider binds to a session of its project, when its provider
 * leaves the home's configuration, or when a person releases it. A configured provider's rules
 * leave with it from the configuration.
 *
 * <p>Gateway loop only; {@link #view()} is an immutable copy for any thread.
 */
final class HomeGates {

  /**
   * The entries of the home's configuration that start a provider for every session, by name; asked
   * anew each time (a reload changes them).
   */
  private final Supplier<Set<String>> configured;

  /** Sessions of agents (opened by holders of the gateway token), in start order. */
  private final Map<String, Session> sessions = new LinkedHashMap<>();

  /** Each configured provider's last blocking rules, by provider name. */
  private final Map<String, List<SessionHookRule>> configuredRules = new LinkedHashMap<>();

  /** The configuration entry each configured provider was started for, by provider name. */
  private final Map<String, String> entryOf = new LinkedHashMap<>();

  /** Gates held, in the order they began to be held. */
  private final List<HookGateRecord.Held> held = new ArrayList<>();

  /** Set once the gateway is stopping: the sessions' teardown must not undo what is held. */
  private boolean frozen;

  private static final class Session {
    final String label;
    final String cwd;

    /** Providers bound, by name, with how many instances of each. */
    final Map<String, Integer> providers = new LinkedHashMap<>();

    List<SessionHookRule> rules = List.of();

    Session(String label, String cwd) {
      this.label = label;
      this.cwd = cwd;
    }
  }

  /**
   * The gates of a home whose last record is {@code previous}: what its gateway held, and what it
   * had in force in its sessions (it did not stop normally, or an older gateway wrote the record),
   * become held from {@code now}.
   *
   * @param previous the home's record as the last gateway left it
   * @param configured which providers the configuration starts for every session
   * @param now the time
   */
  static HomeGates resume(
      HookGateRecord.Contents previous, Supplier<Set<String>> configured, Instant now) {
    HomeGates gates = new HomeGates(configured);
    for (HookGateRecord.Configured one : previous.configured()) {
      gates.entryOf.put(one.provider(), one.entry());
      gates.configuredRules.put(one.provider(), one.rules());
    }
    for (HookGateRecord.Held one : previous.held()) {
      gates.hold(one);
    }
    String why = whyHeld(previous.gateway());
    for (HookGateRecord.Entry session : previous.sessions()) {
      if (session.cwd() == null) {
        continue;
      }
      for (Map.Entry<String, List<SessionHookRule>> byProvider :
          byProvider(session.rules()).entrySet()) {
        gates.hold(
            new HookGateRecord.Held(
                byProvider.getKey(), session.cwd(), now, why, byProvider.getValue()));
      }
    }
    gates.configurationChanged();
    return gates;
  }

  private HomeGates(Supplier<Set<String>> configured) {
    this.configured = requireNonNull(configured, "configured");
  }

  private static String whyHeld(HookGateRecord.GatewayState last) {
    if (last == null) {
      return "the gateway before this one did not stop normally";
    }
    return last.phase() == HookGateRecord.Phase.STOPPED
        ? "the gateway was stopped at " + GatewayDown.seconds(last.since())
        : "the gateway (pid " + last.pid() + ") crashed or was killed";
  }

  // ---- what the gateway tells ----

  void sessionStarted(SessionInfo session) {
    if (frozen || !session.openedByTokenHolder()) {
      return;
    }
    sessions.put(session.id(), new Session(session.label(), session.cwd()));
  }

  void sessionEnded(String sessionId) {
    if (!frozen) {
      sessions.remove(sessionId);
    }
  }

  /** A session's rules changed: its whole list, in evaluation order. */
  void rulesChanged(String sessionId, List<SessionHookRule> rules) {
    Session session = sessions.get(sessionId);
    if (frozen || session == null) {
      return;
    }
    session.rules = rules.stream().filter(r -> HookGateRecord.blocking(r.rule())).toList();
    Map<String, List<SessionHookRule>> mine = byProvider(session.rules);
    for (String provider : session.providers.keySet()) {
      if (entryOf.containsKey(provider)) {
        keepConfigured(provider, mine.getOrDefault(provider, List.of()));
      }
    }
  }

  /**
   * Records {@code rules} as the configured {@code provider}'s, unless they are none and it had
   * some: a provider's rules leave a session as it unbinds (its goodbye at the session's end, a
   * crash) before it is gone, and its gates must outlive it, since with no gateway they are what
   * the hooks deny by (decision 76). A provider that drops its last gate for good keeps it recorded
   * until it declares others or leaves the configuration: the record errs towards denying.
   */
  private void keepConfigured(String provider, List<SessionHookRule> rules) {
    List<SessionHookRule> known = configuredRules.get(provider);
    if (!rules.isEmpty() || known == null) {
      configuredRules.put(provider, rules);
    }
  }

  /**
   * A provider bound to these sessions: its gates held for their projects are released. One the
   * host spawned for an entry of the home's configuration ({@code spawnedAs}) is a configured
   * provider from now on: its rules apply to every session of the home.
   */
  void providerBound(String provider, String spawnedAs, List<String> sessionIds) {
    if (frozen) {
      return;
    }
    if (spawnedAs != null && configured.get().contains(spawnedAs)) {
      entryOf.put(provider, spawnedAs);
    }
    for (String id : sessionIds) {
      Session session = sessions.get(id);
      if (session == null) {
        continue;
      }
      session.providers.merge(provider, 1, Integer::sum);
      held.removeIf(h -> h.provider().equals(provider) && samePath(h.project(), session.cwd));
      if (entryOf.containsKey(provider)) {
        keepConfigured(provider, byProvider(session.rules).getOrDefault(provider, List.of()));
      }
    }
  }

  void providerLeft(String provider, List<String> sessionIds) {
    if (frozen) {
      return;
    }
    for (String id : sessionIds) {
      Session session = sessions.get(id);
      if (session != null) {
        session.providers.computeIfPresent(provider, (name, n) -> n > 1 ? n - 1 : null);
      }
    }
  }

  /**
   * The configuration may have changed: the rules of providers whose entry left it go, and so do
   * their held gates ("gone for good").
   */
  void configurationChanged() {
    Set<String> entries = configured.get();
    for (Iterator<Map.Entry<String, String>> it = entryOf.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, String> one = it.next();
      if (!entries.contains(one.getValue())) {
        it.remove();
        configuredRules.remove(one.getKey());
        held.removeIf(h -> h.provider().equals(one.getKey()));
      }
    }
  }

  /**
   * The gateway is stopping normally: every live session's blocking rules become held for its
   * project, from {@code now}, and the teardown that follows changes nothing.
   */
  void holdAll(Instant now, String why) {
    for (Session session : sessions.values()) {
      if (session.cwd == null) {
        continue;
      }
      for (Map.Entry<String, List<SessionHookRule>> byProvider :
          byProvider(session.rules).entrySet()) {
        hold(
            new HookGateRecord.Held(
                byProvider.getKey(), session.cwd, now, why, byProvider.getValue()));
      }
    }
    sessions.clear();
    frozen = true;
  }

  /**
   * Releases held gates of {@code provider}: the gate {@code gateId} (every rule when null), for
   * {@code project} (every project when null).
   *
   * @return what was released, one entry per held rule set touched
   */
  List<HookGateRecord.Held> release(String provider, String gateId, String project) {
    List<HookGateRecord.Held> released = new ArrayList<>();
    List<HookGateRecord.Held> kept = new ArrayList<>();
    for (HookGateRecord.Held one : held) {
      if (!one.provider().equals(provider)
          || (project != null && !samePath(one.project(), project))) {
        kept.add(one);
        continue;
      }
      if (gateId == null) {
        released.add(one);
        continue;
      }
      List<SessionHookRule> gone =
          one.rules().stream().filter(r -> gateId.equals(r.rule().gateId())).toList();
      if (gone.isEmpty()) {
        kept.add(one);
        continue;
      }
      released.add(
          new HookGateRecord.Held(one.provider(), one.project(), one.since(), one.why(), gone));
      List<SessionHookRule> rest =
          one.rules().stream().filter(r -> !gateId.equals(r.rule().gateId())).toList();
      if (holdsAnything(rest)) {
        kept.add(
            new HookGateRecord.Held(one.provider(), one.project(), one.since(), one.why(), rest));
      }
    }
    held.clear();
    held.addAll(kept);
    return released;
  }

  // ---- what it holds ----

  /** The gates held now. */
  List<HookGateRecord.Held> held() {
    return List.copyOf(held);
  }

  /** The record's sessions and rules, for {@link HookGateRecord}. */
  HookGateRecord.Contents contents(HookGateRecord.GatewayState gateway) {
    List<HookGateRecord.Entry> entries = new ArrayList<>();
    sessions.forEach(
        (id, s) ->
            entries.add(
                new HookGateRecord.Entry(id, s.label, s.cwd, s.providers.keySet(), s.rules)));
    List<HookGateRecord.Configured> configured = new ArrayList<>();
    configuredRules.forEach(
        (name, rules) ->
            configured.add(new HookGateRecord.Configured(name, entryOf.get(name), rules)));
    return new HookGateRecord.Contents(gateway, entries, configured, held);
  }

  /** An immutable copy of what hook decisions need. */
  View view() {
    Map<String, Set<String>> bound = new HashMap<>();
    sessions.forEach((id, s) -> bound.put(id, Set.copyOf(s.providers.keySet())));
    Set<String> unknown = new java.util.TreeSet<>(configured.get());
    unknown.removeAll(entryOf.values());
    return new View(bound, Map.copyOf(configuredRules), List.copyOf(held), Set.copyOf(unknown));
  }

  /**
   * What applies to a hook call besides its session's live rules, as of one moment.
   *
   * @param bound the providers bound to each live session, by session id
   * @param configuredRules each configured provider's last blocking rules
   * @param held the gates held
   * @param unknownEntries entries of the configuration whose provider has not bound in this home
   *     yet: their gates are not known
   */
  record View(
      Map<String, Set<String>> bound,
      Map<String, List<SessionHookRule>> configuredRules,
      List<HookGateRecord.Held> held,
      Set<String> unknownEntries) {

    /** Nothing beyond the live sessions. */
    static final View NONE = new View(Map.of(), Map.of(), List.of(), Set.of());

    /** A view of a record read from the home (a hook process's, not the gateway's own). */
    static View of(HookGateRecord.Contents record) {
      Map<String, Set<String>> bound = new HashMap<>();
      for (HookGateRecord.Entry entry : record.sessions()) {
        bound.put(entry.sessionId(), entry.providers());
      }
      Map<String, List<SessionHookRule>> configured = new LinkedHashMap<>();
      for (HookGateRecord.Configured one : record.configured()) {
        configured.put(one.provider(), one.rules());
      }
      return new View(bound, configured, record.held(), Set.of());
    }

    /**
     * The first rule that blocks {@code request} among those the home holds for its folder, beyond
     * the live rules of {@code sessionId} (null when no session holds the folder): held gates whose
     * project holds the call's cwd, and configured providers' rules, each unless its provider is
     * bound to that session (its live rules decide then).
     */
    java.util.Optional<Found> firstBlocking(String sessionId, HookRequest request, Path userHome) {
      Set<String> here = sessionId == null ? Set.of() : bound.getOrDefault(sessionId, Set.of());
      String home = userHome == null ? null : userHome.toString();
      for (HookGateRecord.Held one : held) {
        if (here.contains(one.provider())
            || !ProjectScope.holds(one.project(), request.cwd(), home)) {
          continue;
        }
        var blocking = RecordedRules.firstBlocking(one.rules(), request);
        if (blocking.isPresent()) {
          return java.util.Optional.of(new Found(blocking.get(), one));
        }
      }
      for (Map.Entry<String, List<SessionHookRule>> one : configuredRules.entrySet()) {
        if (here.contains(one.getKey())) {
          continue;
        }
        var blocking = RecordedRules.firstBlocking(one.getValue(), request);
        if (blocking.isPresent()) {
          return java.util.Optional.of(new Found(blocking.get(), null));
        }
      }
      return java.util.Optional.empty();
    }
  }

  /**
   * A rule the home holds that blocks a call.
   *
   * @param blocking the rule
   * @param held the held gates it belongs to, or null for a configured provider's rule
   */
  record Found(RecordedRules.Blocking blocking, HookGateRecord.Held held) {}

  // ---- helpers ----

  private void hold(HookGateRecord.Held one) {
    if (!holdsAnything(one.rules())) {
      return; // fail-open gates only: nothing to hold in force
    }
    // The newer copy of a provider's rules for a project replaces the older one.
    held.removeIf(h -> h.provider().equals(one.provider()) && samePath(h.project(), one.project()));
    held.add(one);
  }

  private static boolean holdsAnything(List<SessionHookRule> rules) {
    return rules.stream().anyMatch(r -> HookGateRecord.blocking(r.rule()) && !r.rule().failsOpen());
  }

  private static Map<String, List<SessionHookRule>> byProvider(List<SessionHookRule> rules) {
    Map<String, List<SessionHookRule>> grouped = new LinkedHashMap<>();
    for (SessionHookRule rule : rules) {
      if (HookGateRecord.blocking(rule.rule())) {
        grouped.computeIfAbsent(rule.provider(), p -> new ArrayList<>()).add(rule);
      }
    }
    return grouped;
  }

  private static boolean samePath(String a, String b) {
    if (a == null || b == null) {
      return Objects.equals(a, b);
    }
    return ProjectScope.holds(a, b, null) && ProjectScope.holds(b, a, null);
  }
}
