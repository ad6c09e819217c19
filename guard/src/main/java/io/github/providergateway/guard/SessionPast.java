package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.CallFlow.Sending;
import io.github.providergateway.guard.internal.RecordsArrived;
import io.github.providergateway.guard.internal.UnpackedArchives;
import io.github.providergateway.guard.internal.WrittenRuns;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a session has seen, for the flow rules (docs/guard.md, "A session remembers"): the untrusted
 * content it took in, the secrets it read and where it sent data, each with the call that did it;
 * the git remotes the project had when the session began and those added since; and the places the
 * person said are fine to send to for this session. Immutable: each call that ran makes a new one
 * ({@link #after}). Bounded: the latest {@value #KEPT} calls of each kind (with a count of all),
 * {@value #MAX_NAMES} remotes and granted places, so a session of any length holds a few kilobytes.
 *
 * <p>The guard itself never keeps one: the gateway keeps a session's past and hands it to {@link
 * Guard#decide(GuardCall, SessionPast)}.
 */
public final class SessionPast {

  /** How many calls of each kind are kept: the latest. */
  public static final int KEPT = 8;

  /** The prefix under which {@link #senders} keeps the folders of other repositories cloned. */
  private static final String CLONE = "clone:";

  /**
   * The prefix under which {@link #senders} keeps what a written file's text holds (decision 90).
   */
  private static final String HELD = "holds:";

  /** The longest name kept (a remote's URL, a script's path, a granted place); longer are cut. */
  public static final int MAX_TEXT = 1024;

  /** How many remotes, and how many granted places, are kept. */
  public static final int MAX_NAMES = 64;

  private final List<PastCall> untrusted;
  private final int untrustedCount;
  private final List<PastCall> secrets;
  private final int secretCount;
  private final List<PastCall> sent;
  private final Map<String, String> ownRemotes;
  private final Map<String, String> remotesAdded;
  private final Set<String> granted;
  private final String unknown;
  private final Map<String, String> senders;
  private final ProjectPlaces places;

  private SessionPast(
      List<PastCall> untrusted,
      int untrustedCount,
      List<PastCall> secrets,
      int secretCount,
      List<PastCall> sent,
      Map<String, String> ownRemotes,
      Map<String, String> remotesAdded,
      Set<String> granted,
      String unknown,
      Map<String, String> senders) {
    this.senders = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(senders));
    this.untrusted = List.copyOf(untrusted);
    this.untrustedCount = untrustedCount;
    this.secrets = List.copyOf(secrets);
    this.secretCount = secretCount;
    this.sent = List.copyOf(sent);
    this.ownRemotes = Map.copyOf(ownRemotes);
    this.remotesAdded = Map.copyOf(remotesAdded);
    this.granted = Set.copyOf(granted);
    this.unknown = unknown;
    this.places = new ProjectPlaces(this.ownRemotes, this.remotesAdded);
  }

  /**
   * One call that the session ran, as the reasons name it.
   *
   * @param tool the tool's gateway name ({@code shell}, {@code WebFetch}, an MCP tool's)
   * @param args its arguments as the audit trail records them (decision 29), shortened
   * @param at when it ran (or was let through)
   * @param what what it did, in the guard's words ({@code curl of https://x.example})
   */
  public record PastCall(String tool, String args, Instant at, String what) {

    /**
     * Checks.
     *
     * @param tool the tool's gateway name
     * @param args its arguments as the audit trail records them
     * @param at when it ran
     * @param what what it did
     */
    public PastCall {
      requireNonNull(tool, "tool");
      requireNonNull(args, "args");
      requireNonNull(at, "at");
      requireNonNull(what, "what");
    }

    /** {@return the call as a reason names it: its tool, when, and its arguments} */
    public String named() {
      return tool + " at " + at + " " + args;
    }
  }

  /**
   * A session that has seen nothing yet, in a project with these remotes.
   *
   * @param ownRemotes the project's git remotes when the session began, name to URL ({@code origin
   *     → https://github.com/acme/shop.git}); a push to one of them is not sending data out
   * @return the past
   */
  public static SessionPast start(Map<String, String> ownRemotes) {
    return empty(ownRemotes, null);
  }

  /**
   * A session whose past the gateway cannot know (it was renewed after a restart and its record was
   * not found): it counts as having taken in untrusted content, never as clean by accident.
   *
   * @param why what happened, for the reasons ({@code "renewed after the gateway restarted"})
   * @param ownRemotes the project's git remotes
   * @return the past
   */
  public static SessionPast unknown(String why, Map<String, String> ownRemotes) {
    return empty(ownRemotes, requireNonNull(why, "why"));
  }

  /** A past with no call yet: clean, or unknown for {@code why}. */
  private static SessionPast empty(Map<String, String> ownRemotes, String why) {
    return new SessionPast(
        List.of(),
        0,
        List.of(),
        0,
        List.of(),
        bounded(ownRemotes),
        Map.of(),
        Set.of(),
        why,
        Map.of());
  }

  /**
   * This past with what {@code call} did: a call that ran.
   *
   * @param call the call
   * @param flow what it did ({@link Guard#flowOf})
   * @return the new past; this one when the call did nothing the rules remember
   */
  public SessionPast after(PastCall call, CallFlow flow) {
    if (!flow.remembered()) {
      return this;
    }
    List<PastCall> newUntrusted = untrusted;
    List<PastCall> newSecrets = secrets;
    List<PastCall> newSent = sent;
    if (flow.untrusted() != null) {
      newUntrusted = latest(untrusted, with(call, flow.untrusted()));
    }
    if (flow.secret() != null) {
      newSecrets = latest(secrets, with(call, flow.secret()));
    }
    List<Sending> out = sendsOut(flow);
    if (!out.isEmpty()) {
      newSent = latest(sent, with(call, out.get(0).what()));
    }
    Map<String, String> added = new LinkedHashMap<>(remotesAdded);
    for (Map.Entry<String, String> remote : flow.remotesAdded().entrySet()) {
      if (added.size() < MAX_NAMES || added.containsKey(remote.getKey())) {
        added.put(cut(remote.getKey()), cut(remote.getValue()));
      }
    }
    Map<String, String> written = new LinkedHashMap<>(senders);
    for (Map.Entry<String, String> file : flow.writesSenders().entrySet()) {
      String key = file.getKey();
      if (key.startsWith(RecordsArrived.FROM)) {
        String records = null;
        for (String source : file.getValue().split("\n")) {
          records = records != null ? records : written.get(RecordsArrived.RECORDS + source);
        }
        key =
            records == null
                ? null
                : RecordsArrived.RECORDS + key.substring(RecordsArrived.FROM.length());
        if (key != null && (written.size() < MAX_NAMES || written.containsKey(key))) {
          written.put(cut(key), records); // made from people's records, it holds them
        }
      } else if (written.size() < MAX_NAMES || written.containsKey(key)) {
        written.put(cut(key), file.getValue() == null ? "" : cut(file.getValue()));
      }
    }
    for (Map.Entry<String, String> folder :
        UnpackedArchives.fetched(written, flow.writesSenders()).entrySet()) {
      if (written.size() < MAX_NAMES) {
        written.put(cut(folder.getKey()), cut(folder.getValue())); // what the web sent, unpacked
      }
    }
    for (Map.Entry<String, String> copy : flow.copies().entrySet()) {
      String to = written.get(copy.getKey());
      if (to != null && (written.size() < MAX_NAMES || written.containsKey(copy.getValue()))) {
        written.put(copy.getValue(), to); // a copy of a script that sends sends
      }
    }
    for (String clone : flow.clones()) {
      if (written.size() < MAX_NAMES) {
        written.put(CLONE + clone, ""); // a push from inside it goes to that repository
      }
    }
    return new SessionPast(
        newUntrusted,
        untrustedCount + (flow.untrusted() != null ? 1 : 0),
        newSecrets,
        secretCount + (flow.secret() != null ? 1 : 0),
        newSent,
        ownRemotes,
        added,
        granted,
        unknown,
        written);
  }

  /**
   * This past with what a call the guard denied tried to read: a denied read of a secret did not
   * run, but the session asked for the secret, and the same secret may reach the agent by a way the
   * guard does not see (a script, a copy it did not read): it counts as read, so that sending data
   * out after it asks. A denied write of a file whose text a rule would block is kept too (decision
   * 89): the agent may write it another way, and running that file later is judged by what it
   * holds. Nothing else of a denied call is kept.
   *
   * @param call the call
   * @param flow what it would have done
   * @return the new past; this one when it read no secret
   */
  public SessionPast attempted(PastCall call, CallFlow flow) {
    Map<String, String> held = new LinkedHashMap<>();
    for (Map.Entry<String, String> file : flow.writesSenders().entrySet()) {
      if (file.getKey().startsWith(HELD) && !file.getValue().isEmpty()) {
        held.put(file.getKey(), file.getValue()); // the agent may write it another way
      }
    }
    if (flow.secret() == null && held.isEmpty()) {
      return this;
    }
    return after(
        call,
        new CallFlow(
            null,
            flow.secret() == null ? null : "tried (denied): " + flow.secret(),
            List.of(),
            Map.of(),
            held,
            List.of(),
            List.of(),
            Map.of(),
            List.of()));
  }

  /**
   * This past with {@code to} fine to send to for the rest of the session, for the rule that asked:
   * the person's answer to a flow rule's question, as the agent reported it. Another rule asks
   * again (a place granted after untrusted content is asked about after a secret is read).
   *
   * @param rule the flow rule whose question was answered
   * @param to a {@link Sending#to}
   * @return the new past
   */
  public SessionPast granting(String rule, String to) {
    String grant = cut(rule + " " + to);
    if (to == null || granted.contains(grant) || granted.size() >= MAX_NAMES) {
      return this;
    }
    Set<String> more = new LinkedHashSet<>(granted);
    more.add(grant);
    return new SessionPast(
        untrusted,
        untrustedCount,
        secrets,
        secretCount,
        sent,
        ownRemotes,
        remotesAdded,
        more,
        unknown,
        senders);
  }

  /**
   * This past with what {@code outer} saw: a nested agent's session (issue 75) goes on with its
   * starter's calls, remotes added, scripts written and unknown past; never its granted places.
   *
   * @param outer what the starting session had seen
   * @return the new past
   */
  public SessionPast inheriting(SessionPast outer) {
    Map<String, String> added = new LinkedHashMap<>(outer.remotesAdded);
    added.putAll(remotesAdded);
    Map<String, String> written = new LinkedHashMap<>(outer.senders);
    written.putAll(senders);
    return new SessionPast(
        merged(outer.untrusted, untrusted),
        untrustedCount + outer.untrustedCount,
        merged(outer.secrets, secrets),
        secretCount + outer.secretCount,
        merged(outer.sent, sent),
        ownRemotes,
        bounded(added),
        granted,
        unknown != null ? unknown : outer.unknown,
        bounded(written));
  }

  /** Both lists' calls in the order they ran, the latest {@link #KEPT}. */
  private static List<PastCall> merged(List<PastCall> older, List<PastCall> newer) {
    return tail(
        java.util.stream.Stream.concat(older.stream(), newer.stream())
            .sorted(java.util.Comparator.comparing(PastCall::at))
            .toList());
  }

  /**
   * The sendings of {@code flow} that take data out of the project: every publish, paste and
   * outbound tool; a push to a remote added during the session, to a URL that is none of the
   * project's remotes, or to a remote the project did not have; a request or a transfer to a host
   * that is not loopback, not a host of the project's remotes and not a package registry (a gist is
   * out wherever it goes). A place the person granted for the session is not out.
   *
   * @param flow what a call does
   * @return those that are out, in order
   */
  public List<Sending> sendsOut(CallFlow flow) {
    return sendsOut(flow, null);
  }

  /**
   * As {@link #sendsOut(CallFlow)}, leaving out the places the person granted for {@code rule}.
   *
   * @param flow what a call does
   * @param rule the flow rule asking, or {@code null} for none granted
   * @return those that are out and not granted, in order
   */
  public List<Sending> sendsOut(CallFlow flow, String rule) {
    List<Sending> all = new ArrayList<>(flow.sends());
    for (String folder : flow.pushedFrom()) {
      for (String clone : clones(flow)) {
        if (folder.equals(clone) || folder.startsWith(clone + "/")) {
          all.add(
              new Sending(
                  Sending.Kind.PUSH,
                  null,
                  "a push from "
                      + folder
                      + ", a clone of another repository made in this session"));
        }
      }
    }
    for (String run : runSenders(flow.runs())) {
      String to = senders.get(run);
      all.add(
          new Sending(
              Sending.Kind.REQUEST,
              to.isEmpty() ? null : to,
              "runs "
                  + run
                  + ", written in this session to send data"
                  + (to.isEmpty() ? "" : " to " + to)));
    }
    List<Sending> out = new ArrayList<>();
    for (Sending sending : all) {
      boolean grantedHere =
          rule != null && sending.to() != null && granted.contains(rule + " " + sending.to());
      if (out(sending, flow) && !grantedHere) {
        out.add(sending);
      }
    }
    return out;
  }

  /**
   * The files written to send that a call runs: by their paths, and through what runs them (pytest,
   * npm, make, git's hooks: decision 90's run entries).
   */
  private List<String> runSenders(List<String> runs) {
    List<String> run = new ArrayList<>();
    for (String path : senders.keySet()) {
      if (!path.contains(":") && WrittenRuns.runs(path, runs)) {
        run.add(path);
      }
    }
    return run;
  }

  private boolean out(Sending sending, CallFlow flow) {
    String to = sending.to();
    return switch (sending.kind()) {
      case PUBLISH, PASTE, TOOL -> true;
      case PUSH -> places.pushOut(to, flow.remotesAdded());
      case REQUEST, TRANSFER -> to == null || !places.ownPlace(to);
    };
  }

  private List<String> clones(CallFlow flow) {
    List<String> clones = new ArrayList<>(flow.clones());
    for (String key : senders.keySet()) {
      if (key.startsWith(CLONE)) {
        clones.add(key.substring(CLONE.length()));
      }
    }
    return clones;
  }

  /**
   * Whether a push to {@code to} (a remote's name or a URL) goes to the project's own repository:
   * one of its remotes when the session began, by name or by URL, and not one added since.
   *
   * @param to the push's remote or URL
   * @return whether it is the project's own
   */
  public boolean ownPush(String to) {
    return to != null && !places.pushOut(to, Map.of());
  }

  /** {@return the latest untrusted content the session took in, or {@code null}} */
  public PastCall lastUntrusted() {
    return untrusted.isEmpty() ? null : untrusted.get(untrusted.size() - 1);
  }

  /** {@return the latest secret the session read, or {@code null}} */
  public PastCall lastSecret() {
    return secrets.isEmpty() ? null : secrets.get(secrets.size() - 1);
  }

  /** {@return the latest calls that took in untrusted content, oldest first} */
  public List<PastCall> untrusted() {
    return untrusted;
  }

  /** {@return how many calls took in untrusted content, kept or not} */
  public int untrustedCount() {
    return untrustedCount;
  }

  /** {@return the latest calls that read a secret, oldest first} */
  public List<PastCall> secrets() {
    return secrets;
  }

  /** {@return how many calls read a secret, kept or not} */
  public int secretCount() {
    return secretCount;
  }

  /** {@return the latest calls that sent data out, oldest first} */
  public List<PastCall> sent() {
    return sent;
  }

  /** {@return the project's remotes when the session began} */
  public Map<String, String> ownRemotes() {
    return ownRemotes;
  }

  /** {@return the remotes added or pointed elsewhere during the session} */
  public Map<String, String> remotesAdded() {
    return remotesAdded;
  }

  /** {@return the files written in this session whose text sends data, path to where} */
  public Map<String, String> senders() {
    return senders;
  }

  /**
   * {@return the places the person said are fine to send to for this session, each {@code "<rule>
   * <place>"}}
   */
  public Set<String> granted() {
    return granted;
  }

  /**
   * {@return why the session's past is unknown (it then counts as having taken in untrusted
   * content), or {@code null} when it is known}
   */
  public String unknown() {
    return unknown;
  }

  /** {@return whether the session took in untrusted content, or its past is unknown} */
  public boolean sawUntrusted() {
    return untrustedCount > 0 || unknown != null;
  }

  /** {@return whether the session read a secret} */
  public boolean readSecret() {
    return secretCount > 0;
  }

  /**
   * A past as it was kept (the gateway's file of sessions' pasts): every part given.
   *
   * @param untrusted the calls that took in untrusted content, oldest first
   * @param untrustedCount how many there were
   * @param secrets the calls that read a secret
   * @param secretCount how many there were
   * @param sent the calls that sent data out
   * @param ownRemotes the project's remotes when the session began
   * @param remotesAdded the remotes added during the session
   * @param granted the places granted for the session
   * @param unknown why the past is unknown, or {@code null}
   * @param senders the files written in the session whose text sends data, path to where
   * @return the past, bounded as any
   */
  public static SessionPast restored(
      List<PastCall> untrusted,
      int untrustedCount,
      List<PastCall> secrets,
      int secretCount,
      List<PastCall> sent,
      Map<String, String> ownRemotes,
      Map<String, String> remotesAdded,
      Set<String> granted,
      String unknown,
      Map<String, String> senders) {
    return new SessionPast(
        tail(untrusted),
        Math.max(untrustedCount, untrusted.size()),
        tail(secrets),
        Math.max(secretCount, secrets.size()),
        tail(sent),
        bounded(ownRemotes),
        bounded(remotesAdded),
        granted.size() <= MAX_NAMES
            ? granted
            : Set.copyOf(new ArrayList<>(granted).subList(0, MAX_NAMES)),
        unknown,
        bounded(senders));
  }

  private static PastCall with(PastCall call, String what) {
    return new PastCall(cut(call.tool()), cut(call.args()), call.at(), cut(what));
  }

  /** {@code text}, at most {@link #MAX_TEXT} characters of it. */
  private static String cut(String text) {
    return text == null || text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT);
  }

  private static List<PastCall> latest(List<PastCall> kept, PastCall call) {
    List<PastCall> more = new ArrayList<>(kept);
    more.add(call);
    return tail(more);
  }

  private static List<PastCall> tail(List<PastCall> calls) {
    return calls.size() <= KEPT ? calls : calls.subList(calls.size() - KEPT, calls.size());
  }

  private static Map<String, String> bounded(Map<String, String> names) {
    Map<String, String> kept = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : names.entrySet()) {
      if (kept.size() >= MAX_NAMES) {
        break;
      }
      kept.put(cut(entry.getKey()), cut(entry.getValue()));
    }
    return kept;
  }

  @Override
  public String toString() {
    return "SessionPast[untrusted="
        + untrustedCount
        + ", secrets="
        + secretCount
        + ", sent="
        + sent.size()
        + ", added="
        + remotesAdded.keySet()
        + ", granted="
        + granted
        + (unknown == null ? "" : ", unknown: " + unknown)
        + "]";
  }
}
