package io.github.providergateway.app.run;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.host.protocol.ReloadReport;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a reload of the project's providers does, decided without touching a process: what runs in
 * each active session and the config read again in, one {@link Step} per entry and session out,
 * each with its {@link Action} and the {@link Reason} for it. {@link ProjectProviders} computes the
 * plan under its lock and then acts on it; {@code ReloadPlanTest} holds every kind of change.
 *
 * <p>In each session an entry is due when it runs for every session or the session is the first. An
 * entry due and running restarts when the config changed it or the reload asks it to restart
 * anyway; one due and not running starts; one running and no longer due stops. An entry the reload
 * does not name, or one the new config has a problem with, is kept as it runs (a half-typed edit
 * stops nothing).
 *
 * @param steps one step per entry and session, sessions in the order given, and in each the due
 *     entries in config order, then the others running in the order they started
 */
record ReloadPlan(List<Step> steps) {

  /** What happens to one entry in one session. */
  enum Action {
    /** It is due and does not run: it starts. */
    START,
    /** It runs and is no longer due: it stops. */
    STOP,
    /** It runs and is due: it stops, then starts from the new entry. */
    RESTART,
    /** It is left as it is. */
    KEEP
  }

  /** Why a step is what it is. */
  enum Reason {
    /** {@link Action#START}: the entry is due and nothing runs under its name. */
    NOT_RUNNING,
    /** {@link Action#STOP}: the new config has no entry of that name. */
    REMOVED,
    /** {@link Action#STOP}: the entry is in the new config, but no longer runs in this session. */
    NOT_DUE,
    /** {@link Action#RESTART}: the new config changed the entry. */
    CHANGED,
    /** {@link Action#RESTART}: the entry is the same, and the reload restarts it anyway. */
    ASKED,
    /** {@link Action#KEEP}: it runs from the entry the new config has. */
    SAME,
    /** {@link Action#KEEP}: the reload names other entries. */
    NOT_NAMED,
    /** {@link Action#KEEP}: the new config has a problem with the entry. */
    UNREADABLE
  }

  /**
   * One entry in one session, as the reload changes it.
   *
   * @param sessionId the session
   * @param name the entry's name
   * @param action what happens to it
   * @param reason why
   * @param running the entry it runs from now, or null when it does not run
   * @param next the entry it runs from after the reload ({@link Action#START}, {@link
   *     Action#RESTART}), or null
   */
  record Step(
      String sessionId,
      String name,
      Action action,
      Reason reason,
      ProjectConfig.Entry running,
      ProjectConfig.Entry next) {
    Step {
      requireNonNull(sessionId, "sessionId");
      requireNonNull(name, "name");
      requireNonNull(action, "action");
      requireNonNull(reason, "reason");
    }
  }

  /**
   * An active session as the reload finds it.
   *
   * @param id the session's id
   * @param first whether it is the first session, where entries for the first session run
   * @param running the entries it runs, by name, in the order they started
   */
  record Session(String id, boolean first, Map<String, ProjectConfig.Entry> running) {
    Session {
      requireNonNull(id, "id");
      running = Collections.unmodifiableMap(new LinkedHashMap<>(running));
    }
  }

  ReloadPlan {
    steps = List.copyOf(steps);
  }

  /**
   * The plan that puts {@code next} in force.
   *
   * @param sessions the active sessions, in the order they started
   * @param next the config read again
   * @param only the entries the reload is about, or null for all
   * @param restartUnchanged whether an entry the config did not change restarts anyway
   */
  static ReloadPlan of(
      List<Session> sessions,
      ProjectConfig next,
      Set<String> only,
      Predicate<String> restartUnchanged) {
    List<Step> steps = new ArrayList<>();
    for (Session session : sessions) {
      Map<String, ProjectConfig.Entry> due = new LinkedHashMap<>();
      for (ProjectConfig.Entry entry : next.providers()) {
        if (entry.forEverySession() || session.first()) {
          due.put(entry.name(), entry);
        }
      }
      Set<String> names = new LinkedHashSet<>(due.keySet());
      names.addAll(session.running().keySet());
      for (String name : names) {
        steps.add(
            step(
                session.id(),
                name,
                session.running().get(name),
                due.get(name),
                next,
                only,
                restartUnchanged));
      }
    }
    return new ReloadPlan(steps);
  }

  private static Step step(
      String sessionId,
      String name,
      ProjectConfig.Entry running,
      ProjectConfig.Entry due,
      ProjectConfig next,
      Set<String> only,
      Predicate<String> restartUnchanged) {
    if (only != null && !only.contains(name)) {
      return new Step(sessionId, name, Action.KEEP, Reason.NOT_NAMED, running, null);
    }
    if (next.brokenNames().contains(name)) {
      return new Step(sessionId, name, Action.KEEP, Reason.UNREADABLE, running, null);
    }
    if (running == null) {
      return new Step(sessionId, name, Action.START, Reason.NOT_RUNNING, null, due);
    }
    if (due == null) {
      Reason reason = next.entry(name).isPresent() ? Reason.NOT_DUE : Reason.REMOVED;
      return new Step(sessionId, name, Action.STOP, reason, running, null);
    }
    if (!running.equals(due)) {
      return new Step(sessionId, name, Action.RESTART, Reason.CHANGED, running, due);
    }
    if (restartUnchanged.test(name)) {
      return new Step(sessionId, name, Action.RESTART, Reason.ASKED, running, due);
    }
    return new Step(sessionId, name, Action.KEEP, Reason.SAME, running, null);
  }

  /** {@return the steps that do {@code action}, in plan order} */
  List<Step> of(Action action) {
    return steps.stream().filter(step -> step.action() == action).toList();
  }

  /**
   * {@return what the reload did, as {@code providers.reload} answers it: the names restarted,
   * started and stopped, each once, and {@code problems} of the new config}
   */
  ReloadReport report(List<String> problems) {
    return new ReloadReport(
        names(Action.RESTART), names(Action.START), names(Action.STOP), problems);
  }

  private List<String> names(Action action) {
    return List.copyOf(new LinkedHashSet<>(of(action).stream().map(Step::name).toList()));
  }
}
