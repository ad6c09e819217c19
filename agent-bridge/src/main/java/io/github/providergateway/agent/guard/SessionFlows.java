package io.github.providergateway.agent.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.CallFlow.Sending;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionPast.PastCall;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What each agent session has seen, kept in the gateway for the guard's flow rules (docs/guard.md,
 * "A session remembers"). A call the guard let through is remembered at once (it runs, or the
 * agent's own permission stops it: remembering it anyway errs on the safe side); a call the guard
 * asked about is remembered once the agent's after-tool hook reports that it ran, or at once while
 * the agent session has never reported one (an agent without that hook: the gateway cannot know the
 * person's answer, and counts it as yes). A question of a flow rule that the person answered yes to
 * on a channel the gateway put it to itself ({@link #personAllowed}: its console, its status page,
 * an MCP client's question) grants its places for the rest of the session; an after-tool report
 * never does, since any process of the user can post one (issue 75, decision 82): the agent's own
 * prompt lets the one call run, and the next asks again.
 *
 * <p>Sessions are keyed by the gateway session ({@link #sessionKey}); a hook call with no gateway
 * session by the agent's own ({@link #agentKey}), and an agent session is linked to the gateway
 * session its calls were decided in, so that its after-tool hook finds the record and a hook call
 * and the same agent's MCP calls meet in one.
 *
 * <p>Bounded: {@value #MAX_SESSIONS} sessions, the least recently used forgotten first (a forgotten
 * one starts again as unknown, never clean: {@link SessionPast#unknown}); {@value #MAX_PENDING}
 * questions waiting for their answer a session; each past bounded by {@link SessionPast}.
 * Thread-safe.
 */
public final class SessionFlows {

  /** How many sessions are kept: far more than run on one machine at once. */
  public static final int MAX_SESSIONS = 256;

  /** How many asked calls a session keeps waiting for the after-tool hook's report. */
  public static final int MAX_PENDING = 16;

  /** The longest arguments text a remembered call keeps. */
  public static final int MAX_ARGS = 200;

  private final Clock clock;
  private final Function<Path, Map<String, String>> remotesOf;
  private final Consumer<SessionFlows> changed;

  /** Guarded by this. */
  private final Map<String, SessionRecord> entries =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SessionRecord> eldest) {
          if (size() <= MAX_SESSIONS) {
            return false;
          }
          forgotten.put(eldest.getKey(), Boolean.TRUE);
          return true;
        }
      };

  /** Agent session key to the session key its calls are decided in. Guarded by this. */
  private final Map<String, String> links =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > MAX_SESSIONS * 4;
        }
      };

  /** Keys forgotten for lack of room: they start again as unknown. Guarded by this. */
  private final Map<String, Boolean> forgotten =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > MAX_SESSIONS * 4;
        }
      };

  /** Sessions another agent's command started, waiting for their record. Guarded by this. */
  private final Births births = new Births(MAX_SESSIONS * 4);

  /** Entries of a gateway run before this one, not yet claimed by a session. Guarded by this. */
  private final Map<String, SessionRecord> restored = new LinkedHashMap<>();

  /**
   * Sessions' pasts kept in memory.
   *
   * @param clock when calls ran
   * @param remotesOf the git remotes of a project when its session begins (name to URL); empty for
   *     none or a folder that is no repository
   * @param changed told after each change, outside the lock (the gateway saves the file then)
   */
  public SessionFlows(
      Clock clock, Function<Path, Map<String, String>> remotesOf, Consumer<SessionFlows> changed) {
    this.clock = requireNonNull(clock, "clock");
    this.remotesOf = requireNonNull(remotesOf, "remotesOf");
    this.changed = requireNonNull(changed, "changed");
  }

  /**
   * Sessions' pasts kept in memory only, each project's remotes read from its {@code .git/config}
   * ({@link GitRemotes}).
   *
   * @param clock when calls ran
   * @return the sessions' pasts
   */
  public static SessionFlows inMemory(Clock clock) {
    return new SessionFlows(clock, GitRemotes::of, flows -> {});
  }

  /**
   * The key of a gateway session.
   *
   * @param sessionId the gateway session's id
   * @return its key
   */
  public static String sessionKey(String sessionId) {
    return "session:" + sessionId;
  }

  /**
   * The key of an agent's own session, for a hook call with no gateway session.
   *
   * @param agent the agent's kind ({@code CLAUDE})
   * @param agentSession the id its hook input names, or {@code null}
   * @return its key, or {@code null} when the agent named none (the call then has no past the
   *     gateway can keep, and is judged as unknown)
   */
  public static String agentKey(String agent, String agentSession) {
    if (agentSession == null || agentSession.isEmpty() || agentSession.length() > 256) {
      return null;
    }
    return "agent:" + agent + ":" + agentSession;
  }

  /**
   * What a session has seen, as the guard is to judge its next call by.
   *
   * @param key the session's key; {@code null} for a call whose session the gateway cannot name
   * @param project the session's project, or {@code null}
   * @return its past
   */
  public SessionPast past(String key, Path project) {
    if (key == null) {
      return SessionPast.unknown("the agent named no session the gateway could keep", Map.of());
    }
    synchronized (this) {
      return entry(key, project).past;
    }
  }

  /**
   * Links an agent's session to the gateway session its calls are decided in: its after-tool hook
   * reports there. A gateway session with no record yet takes the agent session's (a session
   * renewed after the gateway restarted, found by its agent's id).
   *
   * @param agentKey the agent session's key ({@link #agentKey}), or {@code null}
   * @param key the gateway session's key
   */
  public void link(String agentKey, String key) {
    if (agentKey == null) {
      return;
    }
    synchronized (this) {
      String before = links.put(agentKey, key);
      if (before != null && !before.equals(key) && !entries.containsKey(key)) {
        SessionRecord old =
            entries.containsKey(before) ? entries.get(before) : restored.remove(before);
        if (old != null) {
          entries.put(key, old);
        }
      }
      // The gateway session's record is where a nested agent's calls are judged: its birth moves.
      if (births.move(agentKey, key) && entries.containsKey(key)) {
        born(key, entries.get(key));
      }
    }
  }

  /**
   * Whether an agent session is new here: no record, no link and no birth yet. Its first hook call
   * is where the gateway looks where its agent came from (issue 75).
   *
   * @param agentKey the agent session's key ({@link #agentKey}), or null
   * @return whether it is new
   */
  public synchronized boolean unseen(String agentKey) {
    return agentKey != null
        && !links.containsKey(agentKey)
        && !entries.containsKey(agentKey)
        && !restored.containsKey(agentKey)
        && !births.has(agentKey);
  }

  /**
   * An agent session that another agent's command started (a nested agent, issue 75): its record
   * begins with the past of the session that started it ({@link SessionPast#inheriting}), or as
   * unknown when that session is not held here, so that handing a send to an agent of its own makes
   * nothing clean.
   *
   * @param agentKey the nested agent session's key
   * @param outerAgentKey the key of the agent session that started it, or null when unknown
   * @param why where it came from, as a person reads it
   */
  public void bornOf(String agentKey, String outerAgentKey, String why) {
    if (agentKey == null) {
      return;
    }
    synchronized (this) {
      births.put(agentKey, outerAgentKey, requireNonNull(why, "why"));
      SessionRecord entry = entries.get(agentKey);
      if (entry != null) {
        born(agentKey, entry);
      }
    }
    changed.accept(this);
  }

  /** {@code entry}, the record of {@code key}, takes the past its birth gives it, once. */
  private void born(String key, SessionRecord entry) {
    Births.Birth birth = births.take(key);
    if (birth == null) {
      return;
    }
    SessionRecord outer = null;
    if (birth.outerAgentKey() != null) {
      String outerKey = links.getOrDefault(birth.outerAgentKey(), birth.outerAgentKey());
      outer = entries.containsKey(outerKey) ? entries.get(outerKey) : restored.get(outerKey);
    }
    if (outer == entry) {
      return; // both agents' calls are decided in one session: its record is theirs already
    }
    entry.past =
        entry.past.inheriting(
            outer != null
                ? outer.past
                : SessionPast.unknown(
                    birth.why() + ", whose session's past this gateway does not hold", Map.of()));
  }

  /**
   * Remembers a call the guard let through.
   *
   * @param key the session's key, or {@code null} (nothing is kept)
   * @param project the session's project, or {@code null}
   * @param tool the tool's gateway name
   * @param args its arguments
   * @param flow what it does ({@link io.github.providergateway.guard.SessionVerdict#flow})
   */
  public void allowed(String key, Path project, String tool, JsonNode args, CallFlow flow) {
    if (key == null || !flow.remembered()) {
      return;
    }
    synchronized (this) {
      SessionRecord entry = entry(key, project);
      entry.past = entry.past.after(call(tool, args, flow), flow);
      entry.recorded.put(tool + "\n" + args, Boolean.TRUE);
    }
    changed.accept(this);
  }

  /**
   * Remembers a call the guard denied: only the secret it tried to read ({@link
   * SessionPast#attempted}).
   *
   * @param key the session's key, or {@code null}
   * @param project the session's project, or {@code null}
   * @param tool the tool's gateway name
   * @param args its arguments
   * @param flow what it would have done
   */
  public void denied(String key, Path project, String tool, JsonNode args, CallFlow flow) {
    if (key == null || flow.secret() == null) {
      return;
    }
    synchronized (this) {
      SessionRecord entry = entry(key, project);
      entry.past = entry.past.attempted(call(tool, args, flow), flow);
    }
    changed.accept(this);
  }

  /**
   * Remembers a call the guard asked the person about: at once while the session's agent has
   * reported no after-tool hook (the gateway cannot learn the answer), else when it reports the
   * call ran ({@link #ran}).
   *
   * @param key the session's key, or {@code null}
   * @param project the session's project, or {@code null}
   * @param tool the tool's gateway name
   * @param args its arguments
   * @param flow what it does
   * @param rule the rule that asked
   * @param grant the places a yes grants for the session (a flow rule's question), else empty
   */
  public void asked(
      String key,
      Path project,
      String tool,
      JsonNode args,
      CallFlow flow,
      String rule,
      List<String> grant) {
    if (key == null || !flow.remembered() && grant.isEmpty()) {
      return;
    }
    synchronized (this) {
      SessionRecord entry = entry(key, project);
      PastCall call = call(tool, args, flow);
      boolean keptNow = !entry.reportsAfterTool;
      if (keptNow) {
        entry.past = entry.past.after(call, flow);
      }
      // Waits for the report (that it ran) or for the person's yes on the gateway's own channel
      // (which grants the question's places).
      entry.pending.put(
          tool + "\n" + args,
          new SessionRecord.Pending(call, flow, rule, List.copyOf(grant), keptNow));
    }
    changed.accept(this);
  }

  /**
   * The person allowed an asked call on a channel the gateway put the question to itself (its
   * console, its status page, an MCP client's elicitation, a host's {@code gate.answer}), each of
   * which only the person can answer (decision 82): the call is remembered (it runs now), and a
   * flow rule's question grants its places for the rest of the session.
   *
   * @param key the session's key, or {@code null}
   * @param tool the tool's gateway name
   * @param args its arguments, as asked about
   * @return whether a waiting question was answered by it
   */
  public boolean personAllowed(String key, String tool, JsonNode args) {
    if (key == null) {
      return false;
    }
    synchronized (this) {
      SessionRecord entry = entries.get(key);
      SessionRecord.Pending pending =
          entry == null ? null : entry.pending.remove(tool + "\n" + args);
      if (pending == null) {
        return false;
      }
      if (!pending.kept()) {
        entry.past = entry.past.after(pending.call(), pending.flow());
      }
      entry.recorded.put(tool + "\n" + args, Boolean.TRUE); // its report is no second call
      for (String to : pending.grant()) {
        entry.past = entry.past.granting(pending.rule(), to);
      }
    }
    changed.accept(this);
    return true;
  }

  /**
   * The agent's after-tool hook reports that a call ran: an asked call waiting for it is
   * remembered. It grants nothing: the report comes over the home's socket, where any process of
   * the user (the agent's own shell among them) can post one (decision 82).
   *
   * @param key the session's key (the gateway session the agent session is linked to, else the
   *     agent's own), or {@code null}
   * @param tool the tool's gateway name
   * @param args its arguments, as the agent reports them
   * @param flow what it does, for a call the gateway was not asked about before it ran (a tool the
   *     agent's pre-tool hook does not match)
   * @return whether an asked call waiting for its report was it
   */
  public boolean ran(String key, String tool, JsonNode args, CallFlow flow) {
    return ran(key, null, tool, args, flow, true);
  }

  /**
   * As {@link #ran(String, String, JsonNode, CallFlow)}, for a session whose record may begin with
   * this report (its first event after a restart): {@code project} is its repository, whose remotes
   * the record then takes.
   *
   * @param key the session's key, or {@code null}
   * @param project the repository the call ran in, or {@code null}
   * @param tool the tool's gateway name
   * @param args its arguments, as the agent reports them
   * @param flow what it does
   * @param agentReports whether the session's agent has an after-tool hook by its dialect: only
   *     then does a report make the session wait for reports of asked calls; a report posted for an
   *     agent that has none (any process of the user can post one) must not leave the calls it asks
   *     about uncounted
   * @return whether an asked call waiting for its report was it
   */
  public boolean ran(
      String key, Path project, String tool, JsonNode args, CallFlow flow, boolean agentReports) {
    if (key == null) {
      return false;
    }
    boolean answered;
    synchronized (this) {
      SessionRecord entry = entry(key, project);
      entry.reportsAfterTool |= agentReports;
      String call = tool + "\n" + args;
      SessionRecord.Pending pending = entry.pending.remove(call);
      answered = pending != null;
      if (answered) {
        if (!pending.kept()) {
          entry.past = entry.past.after(pending.call(), pending.flow());
        }
      } else if (entry.recorded.remove(call) == null) {
        entry.past = entry.past.after(call(tool, args, flow), flow);
      }
    }
    changed.accept(this);
    return answered;
  }

  /**
   * The session key an agent session's after-tool report belongs to: the gateway session it was
   * linked to, else its own.
   *
   * @param agentKey the agent session's key, or {@code null}
   * @return the key, or {@code null}
   */
  public synchronized String keyOf(String agentKey) {
    if (agentKey == null) {
      return null;
    }
    return links.getOrDefault(agentKey, agentKey);
  }

  /**
   * One session as the status page shows it.
   *
   * @param key its key
   * @param project its project, or {@code null}
   * @param past what it has seen
   * @param reportsAfterTool whether its agent reports the calls that ran
   */
  public record View(String key, String project, SessionPast past, boolean reportsAfterTool) {}

  /**
   * One session as kept, without touching its place in the least-recently-used order.
   *
   * @param key the session's key
   * @return it, or empty when none is kept
   */
  public synchronized java.util.Optional<View> view(String key) {
    for (Map.Entry<String, SessionRecord> kept : entries.entrySet()) {
      if (kept.getKey().equals(key)) {
        SessionRecord entry = kept.getValue();
        return java.util.Optional.of(
            new View(key, entry.project, entry.past, entry.reportsAfterTool));
      }
    }
    return java.util.Optional.empty();
  }

  /** {@return every session kept, the most recently used last} */
  public synchronized List<View> views() {
    List<View> views = new ArrayList<>();
    entries.forEach(
        (key, entry) ->
            views.add(new View(key, entry.project, entry.past, entry.reportsAfterTool)));
    return views;
  }

  /**
   * Takes the sessions of a gateway run before this one, as they were kept: a session renewed under
   * its old id, or found by its agent's id, goes on with its past; a new session in a folder one of
   * them held, when more than one could be it, starts as unknown.
   *
   * @param kept the kept sessions
   * @param keptLinks the kept links from agent sessions to sessions
   */
  public synchronized void restore(List<View> kept, Map<String, String> keptLinks) {
    for (View view : kept) {
      SessionRecord entry = new SessionRecord(view.past(), view.project(), clock.instant());
      entry.reportsAfterTool = view.reportsAfterTool();
      restored.put(view.key(), entry);
    }
    links.putAll(keptLinks);
  }

  /** {@return the links from agent sessions to sessions, for the kept file} */
  public synchronized Map<String, String> links() {
    return new LinkedHashMap<>(links);
  }

  private SessionRecord entry(String key, Path project) {
    SessionRecord entry = entries.get(key);
    if (entry == null) {
      entry = restored.remove(key);
      if (entry == null) {
        entry = fresh(key, project);
      }
      entries.put(key, entry);
    }
    entry.lastUsed = clock.instant();
    if (births.has(key)) {
      born(key, entry);
    }
    return entry;
  }

  /**
   * Sessions this gateway has not seen before start as unknown until {@code until}: the kept file
   * could not be read, so a session renewed after the restart cannot be told from a new one.
   *
   * @param until when new sessions start clean again
   * @param why what happened, for the reasons
   */
  public synchronized void unknownUntil(Instant until, String why) {
    this.unknownUntil = requireNonNull(until, "until");
    this.unknownWhy = requireNonNull(why, "why");
  }

  /** Guarded by this. */
  private Instant unknownUntil = Instant.MIN;

  /** Guarded by this. */
  private String unknownWhy;

  private SessionRecord fresh(String key, Path project) {
    String folder = project == null ? null : project.toString();
    Map<String, String> remotes = project == null ? Map.of() : remotesOf.apply(project);
    if (clock.instant().isBefore(unknownUntil)) {
      return new SessionRecord(SessionPast.unknown(unknownWhy, remotes), folder, clock.instant());
    }
    if (forgotten.remove(key) != null) {
      return new SessionRecord(
          SessionPast.unknown("the gateway had too many sessions and forgot this one's", remotes),
          folder,
          clock.instant());
    }
    List<String> sameFolder = new ArrayList<>();
    restored.forEach(
        (other, entry) -> {
          if (folder != null && folder.equals(entry.project)) {
            sameFolder.add(other);
          }
        });
    if (sameFolder.size() == 1) {
      return restored.remove(sameFolder.get(0));
    }
    if (sameFolder.size() > 1) {
      return new SessionRecord(
          SessionPast.unknown(
              "the gateway restarted while "
                  + sameFolder.size()
                  + " sessions of this folder ran, and could not tell which this is",
              remotes),
          folder,
          clock.instant());
    }
    return new SessionRecord(SessionPast.start(remotes), folder, clock.instant());
  }

  private PastCall call(String tool, JsonNode args, CallFlow flow) {
    String text = args.toString();
    if (text.length() > MAX_ARGS) {
      text = text.substring(0, MAX_ARGS - 3) + "...";
    }
    String what =
        flow.untrusted() != null
            ? flow.untrusted()
            : flow.secret() != null
                ? flow.secret()
                : flow.sends().isEmpty() ? tool : flow.sends().get(0).what();
    return new PastCall(tool, text, clock.instant(), what);
  }

  /**
   * The places a flow rule's question is about: what a yes to it grants for the session.
   *
   * @param past the session's past
   * @param flow the asked call's flow
   * @param rule the flow rule that asked
   * @return the places, each a {@link Sending#to}; none for a sending the guard cannot place
   */
  public static List<String> grantable(SessionPast past, CallFlow flow, String rule) {
    List<String> places = new ArrayList<>();
    for (Sending sending : past.sendsOut(flow, rule)) {
      if (sending.to() != null) {
        places.add(sending.to());
      }
    }
    return places;
  }
}
