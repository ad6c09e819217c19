package io.github.providergateway.guard;

import static io.github.providergateway.guard.Guard.lower;
import static io.github.providergateway.guard.Guard.outcome;

import io.github.providergateway.guard.CallFlow.Sending;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.internal.AggregateReports;
import io.github.providergateway.guard.internal.FlowReading;
import io.github.providergateway.guard.internal.FlowRules;
import io.github.providergateway.guard.internal.Hit;
import io.github.providergateway.guard.internal.KeptInside;
import io.github.providergateway.guard.internal.RecordsArrived;
import io.github.providergateway.guard.internal.RecordsCarried;
import io.github.providergateway.guard.internal.Scan;
import io.github.providergateway.guard.internal.UnpackedArchives;
import io.github.providergateway.guard.internal.WrittenRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The flow rules' part of a decision (docs/guard.md, "A session remembers"): a call's own verdict
 * with the built-in flow rules and the configuration's flow rules taken in, given what the session
 * has seen. {@link Guard} decides the call alone first; this takes that verdict further.
 */
final class FlowJudge {
  private final GuardPreset preset;
  private final List<PlainCheck> projectFlowRules;
  private final List<PlainCheck> personalFlowRules;
  private final List<String> allowIds;

  FlowJudge(
      GuardPreset preset,
      List<PlainCheck> projectFlowRules,
      List<PlainCheck> personalFlowRules,
      List<String> allowIds) {
    this.preset = preset;
    this.projectFlowRules = projectFlowRules;
    this.personalFlowRules = personalFlowRules;
    this.allowIds = allowIds;
  }

  /**
   * The call's own verdict with the flow rules' taken in: the built-in flow rules and the plain
   * rules with a flow condition, for a call that sends data out after the session (or the call
   * itself, for a secret) took in what the rule names. A deny of the call's own rules stands; a
   * flow deny beats the call's own ask; of two asks, the call's own is kept.
   */
  GuardExplanation judge(
      GuardExplanation alone,
      Scan scan,
      CallFlow flow,
      SessionPast past,
      GuardCall call,
      List<String> matched) {
    if (preset == GuardPreset.OFF && projectFlowRules.isEmpty() && personalFlowRules.isEmpty()) {
      return alone;
    }
    alone = ownPush(alone, flow, past, matched);
    alone = ownReport(alone, scan, past, matched);
    boolean session = call.project() != null;
    GuardVerdict written = written(scan, flow, past, session, matched);
    if (written != null) {
      alone = new GuardExplanation(stricter(alone.verdict(), written), alone.parse(), matched);
    }
    List<Sending> out = past.sendsOut(flow);
    if (out.isEmpty() && projectFlowRules.isEmpty() && personalFlowRules.isEmpty()) {
      return new GuardExplanation(alone.verdict(), alone.parse(), matched);
    }
    String untrusted = earlierUntrusted(past);
    String secret = earlierSecret(past, flow);
    GuardVerdict strongest = null;
    List<Hit> active = new ArrayList<>();
    if (preset != GuardPreset.OFF && !out.isEmpty()) {
      List<String> untrustedOut = whats(past.sendsOut(flow, FlowRules.UNTRUSTED_THEN_SEND.id()));
      String inside =
          untrusted == null || untrustedOut.isEmpty()
              ? null
              : KeptInside.why(
                  scan,
                  past.untrusted().stream().map(SessionPast.PastCall::tool).toList(),
                  past.unknown() == null && past.untrustedCount() == past.untrusted().size());
      if (inside != null) {
        // Decision 327: no author of untrusted content reads where this goes.
        matched.add(
            "kept inside, not asked by "
                + FlowRules.UNTRUSTED_THEN_SEND.id()
                + " — `"
                + untrustedOut.get(0)
                + "`: "
                + inside);
        untrustedOut = List.of();
      }
      List<String> secretOut = whats(past.sendsOut(flow, FlowRules.SECRET_THEN_SEND.id()));
      for (Hit hit : FlowRules.judge(untrustedOut, secretOut, untrusted, secret)) {
        Outcome action = outcome(hit.rule().action(preset.wireName(), session));
        String line = hit.rule().id() + ": ";
        if (action == null) {
          matched.add(line + "off in " + preset.wireName() + " — " + flowReason(hit));
        } else if (allowIds.contains(hit.rule().id())) {
          matched.add(
              line
                  + lower(action)
                  + ", allowed by the person's allow list ("
                  + hit.rule().id()
                  + ") — "
                  + flowReason(hit));
        } else {
          matched.add(line + lower(action) + " — " + flowReason(hit));
          active.add(hit);
        }
      }
    }
    Map<PlainCheck, String> plain = new LinkedHashMap<>();
    for (List<PlainCheck> rules : List.of(projectFlowRules, personalFlowRules)) {
      for (PlainCheck rule : rules) {
        String earlier =
            rule.rule().after() == null
                ? ""
                : rule.rule().after().equals("secret") ? secret : untrusted;
        boolean sends = !past.sendsOut(flow, rule.rule().id()).isEmpty();
        if (earlier != null && (!rule.rule().sends() || sends) && rule.matches(scan)) {
          plain.put(rule, earlier);
          matched.add(
              rule.rule().id()
                  + ": "
                  + lower(rule.rule().action())
                  + " (a flow rule of the "
                  + (rules == projectFlowRules ? "project" : "person")
                  + ")");
        }
      }
    }
    for (Outcome outcome : new Outcome[] {Outcome.DENY, Outcome.ASK}) {
      for (Map.Entry<PlainCheck, String> rule : plain.entrySet()) {
        if (strongest == null && rule.getKey().rule().action() == outcome) {
          strongest =
              plainFlowVerdict(
                  rule.getKey().rule(), out.isEmpty() ? null : out.get(0), rule.getValue());
        }
      }
      for (Hit hit : active) {
        if (strongest == null
            && outcome(hit.rule().action(preset.wireName(), session)) == outcome) {
          strongest =
              new GuardVerdict(outcome, hit.rule().id(), flowReason(hit), hit.rule().instead());
        }
      }
    }
    GuardVerdict verdict =
        strongest == null
            ? alone.verdict()
            : FALLBACK.equals(alone.verdict().ruleId())
                    && rank(strongest.outcome()) >= rank(alone.verdict().outcome())
                ? strongest // what the session saw names the harm; the fallback only guessed it
                : stricter(alone.verdict(), strongest);
    return new GuardExplanation(verdict, alone.parse(), matched);
  }

  /**
   * The written rules' verdict (decision 90): the strongest of what the call runs of the files the
   * session wrote, saved from the web or cloned, and of what it does through a port the session
   * forwarded to another machine (decision 209); a file's text is answered as its rule answers it
   * in this preset. Null for none.
   */
  private GuardVerdict written(
      Scan scan, CallFlow flow, SessionPast past, boolean session, List<String> matched) {
    if (preset == GuardPreset.OFF) {
      return null;
    }
    List<WrittenRules.Found> founds = new ArrayList<>(carried(flow, past, scan));
    Map<String, String> unpacked = UnpackedArchives.fetched(past.senders(), flow.writesSenders());
    if (!unpacked.isEmpty()) { // fetched, unpacked and run in one call (decision 333)
      unpacked.putAll(past.senders());
    }
    Map<String, String> senders = unpacked.isEmpty() ? past.senders() : unpacked;
    if (!senders.isEmpty()) {
      founds.addAll(0, WrittenRules.judge(scan, senders, flow.runs()));
    }
    GuardVerdict strongest = null;
    for (WrittenRules.Found found : founds) {
      String to =
          io.github.providergateway.guard.internal.DeferredRules.redirectedTo(
              found.rule().id(), found.what());
      if (to != null && past.ownPush(to)) {
        continue; // a remote pointed at the project's own repository (its SSH address for HTTPS)
      }
      Outcome action = outcome(found.rule().action(preset.wireName(), session));
      if (action != null && found.held() != null) {
        Outcome held = outcome(found.held().action(preset.wireName(), session));
        action = held == null ? null : rank(held) < rank(action) ? held : action;
      }
      String id = found.rule().id();
      String reason = id + ": " + found.what() + " " + found.rule().why();
      if (action == null) {
        matched.add(id + ": off in " + preset.wireName() + " — " + reason);
      } else if (allowIds.contains(id)
          || found.held() != null && allowIds.contains(found.held().id())) {
        matched.add(id + ": " + lower(action) + ", allowed by the person's allow list — " + reason);
      } else {
        matched.add(id + ": " + lower(action) + " — " + reason);
        GuardVerdict verdict = new GuardVerdict(action, id, reason, found.rule().instead());
        strongest = strongest == null ? verdict : stricter(strongest, verdict);
      }
    }
    return strongest;
  }

  /**
   * What the call carries on of the session's people's records and collectors, and its pushes to
   * another repository added as a remote in this session (decision 210).
   */
  private static List<WrittenRules.Found> carried(CallFlow flow, SessionPast past, Scan scan) {
    List<WrittenRules.Found> found = new ArrayList<>();
    boolean sendsOut = !past.sendsOut(flow).isEmpty();
    Map<String, String> written = withRecords(past, flow);
    if (!written.isEmpty() || sendsOut) {
      found.addAll(RecordsCarried.judge(scan, written, flow.runs(), sendsOut));
    }
    for (Sending sending : flow.sends()) {
      String url = sending.to() == null ? null : past.remotesAdded().get(sending.to());
      if (sending.kind() == Sending.Kind.PUSH
          && url != null
          && !past.ownRemotes().containsKey(sending.to())) {
        WrittenRules.Found other =
            RecordsCarried.otherRepository(sending.to(), url, past.ownRemotes().values());
        if (other != null) {
          found.add(other);
          break;
        }
      }
    }
    return found;
  }

  /**
   * The session's written files with the files of people's records the call itself makes (decision
   * 219: {@code cp /mnt/evidence/…/a.eml tests/fixtures/ && git add tests && git commit …}).
   */
  private static Map<String, String> withRecords(SessionPast past, CallFlow flow) {
    Map<String, String> written = past.senders();
    for (Map.Entry<String, String> made : flow.writesSenders().entrySet()) {
      if (made.getKey().startsWith(RecordsArrived.RECORDS)) {
        written = written == past.senders() ? new LinkedHashMap<>(written) : written;
        written.putIfAbsent(made.getKey(), made.getValue());
      }
    }
    return written;
  }

  /**
   * A push the call's own rules ask about because it names a repository by its URL ({@code
   * publish.push-elsewhere}: one call alone cannot see the project's remotes), allowed when the
   * session knows that URL as one of the project's remotes and nothing else blocks the call.
   */
  private static GuardExplanation ownPush(
      GuardExplanation alone, CallFlow flow, SessionPast past, List<String> matched) {
    String rule = "publish.push-elsewhere";
    if (alone.verdict().outcome() != Outcome.ASK || !rule.equals(alone.verdict().ruleId())) {
      return alone;
    }
    boolean pushes = false;
    for (Sending sending : flow.sends()) {
      if (sending.kind() == Sending.Kind.PUSH) {
        if (!past.ownPush(sending.to())) {
          return alone;
        }
        pushes = true;
      }
    }
    if (anotherRuleBlocks(matched, rule) || !pushes) {
      return alone;
    }
    return allowed(
        alone,
        matched,
        rule
            + ": allowed: every push of the call goes to the project's own repository (one of its"
            + " remotes when the session began)");
  }

  /** A matched rule's line that denies or asks: {@code rule: ask — why}. */
  private static final java.util.regex.Pattern BLOCKING =
      java.util.regex.Pattern.compile("(?s)[^ :]+: (?:deny|ask)(?: —| \\(| \\().*");

  /** Whether a rule other than {@code rule} denies or asks about the call. */
  private static boolean anotherRuleBlocks(List<String> matched, String rule) {
    for (String line : matched) {
      if (BLOCKING.matcher(line).matches() && !line.startsWith(rule + ":")) {
        return true;
      }
    }
    return false;
  }

  /** The call allowed after all, the reason said among the matched lines. */
  private static GuardExplanation allowed(
      GuardExplanation alone, List<String> matched, String reason) {
    matched.add(reason);
    return new GuardExplanation(
        new GuardVerdict(Outcome.ALLOW, null, reason, null), alone.parse(), matched);
  }

  /**
   * A copy of a file to a bucket the call's own rules ask about ({@code out.file-to-host}: one call
   * alone cannot tell a report from an export of records), allowed when every file it copies is a
   * table of aggregates a query of this session wrote, to a bucket that names no other party, and
   * nothing else blocks the call (issue 80, round 61: {@link AggregateReports}).
   */
  private static GuardExplanation ownReport(
      GuardExplanation alone, Scan scan, SessionPast past, List<String> matched) {
    String rule = "out.file-to-host";
    if (alone.verdict().outcome() != Outcome.ASK || !rule.equals(alone.verdict().ruleId())) {
      return alone;
    }
    if (anotherRuleBlocks(matched, rule)
        || !AggregateReports.onlyAggregates(scan, past.senders())) {
      return alone;
    }
    return allowed(
        alone,
        matched,
        rule
            + ": allowed: every file copied is a table of aggregates a query of this session wrote,"
            + " to a bucket that names no other party");
  }

  private static List<String> whats(List<Sending> sendings) {
    return sendings.stream().map(Sending::what).toList();
  }

  /** The stricter of two verdicts: deny, then ask; the first on a tie. */
  /**
   * The rule that asks only for what no other rule read (decision 312): a flow's ask names more.
   */
  private static final String FALLBACK = "shapes.code-not-only-reads";

  private static GuardVerdict stricter(GuardVerdict first, GuardVerdict second) {
    return rank(second.outcome()) > rank(first.outcome()) ? second : first;
  }

  private static int rank(Outcome outcome) {
    return switch (outcome) {
      case ALLOW -> 0;
      case ASK -> 1;
      case DENY -> 2;
    };
  }

  private static String earlierUntrusted(SessionPast past) {
    SessionPast.PastCall last = past.lastUntrusted();
    if (last != null) {
      return last.what() + " (" + last.named() + ")";
    }
    return past.unknown() == null ? null : "a past the gateway cannot know: " + past.unknown();
  }

  private static String earlierSecret(SessionPast past, CallFlow flow) {
    SessionPast.PastCall last = past.lastSecret();
    if (last != null) {
      return last.what() + " (" + last.named() + ")";
    }
    return flow.secret() == null ? null : flow.secret() + " (in the same call)";
  }

  /** A flow rule's reason: what is sent, the rule's why, and the earlier call it follows. */
  private static String flowReason(Hit hit) {
    String found = hit.found();
    int after = found.indexOf("` after `");
    String sent = after < 0 ? found : found.substring(0, after);
    String earlier = after < 0 ? "" : found.substring(after + "` after `".length());
    return hit.rule().id() + ": `" + sent + "` " + hit.rule().why() + "; earlier: " + earlier;
  }

  private static GuardVerdict plainFlowVerdict(PlainRule rule, Sending sent, String earlier) {
    String what =
        rule.reason() != null
            ? rule.reason()
            : "matches the configuration's flow rule"
                + (rule.after() == null ? "" : " after " + rule.after())
                + (rule.sends() ? " sends" : "");
    String text = rule.id() + ": " + what + (sent == null ? "" : " (`" + sent.what() + "`)");
    if (earlier != null && !earlier.isEmpty()) {
      text += "; earlier: " + earlier;
    }
    return new GuardVerdict(rule.action(), rule.id(), text, null);
  }

  /** What a call does for the flow rules, from the rules' scan of it and what they found. */
  static CallFlow flowOf(Scan scan, List<Hit> hits) {
    FlowReading.Found found = FlowReading.read(scan, hits);
    List<Sending> sends = new ArrayList<>();
    for (Object[] sending : found.sends()) {
      sends.add(
          new Sending(
              Sending.Kind.valueOf((String) sending[0]), (String) sending[1], (String) sending[2]));
    }
    return new CallFlow(
        found.untrusted(),
        found.secret(),
        sends,
        found.remotesAdded(),
        found.writesSenders(),
        found.runs(),
        found.clones(),
        found.copies(),
        found.pushedFrom());
  }
}
