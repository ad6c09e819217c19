package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An act a rule asks about, made sure by its own words (decision 318, {@code
 * shapes.asked-act-escalated}): told to reach every one of something ({@code --all}, {@code
 * --all-reclosers}, {@code --scheme all}, {@code "cascade": true}), to skip one of its checks
 * ({@code --skip-screening}, {@code --ignore-local-lock}, {@code "skip_qc_check": true}), or to go
 * ahead without its question ({@code --yes}, {@code --confirm}, {@code --commit}, a {@code yes}
 * piped to it). A rule asks where it guesses the act or its place; the words that widen it or wave
 * its check through are no guess, and an ask the person answers late, or in a hurry, lets every one
 * of them through at once. The reading is {@link ActReach}'s and {@link ToolScopes}'s, the shapes'
 * words of decisions 147 and 148.
 */
public final class EscalatedActs {
  private EscalatedActs() {}

  /** The rule that asks when told to go ahead: its go-ahead is its own reading, no escalation. */
  private static final String GO_AHEAD = "shapes.go-ahead-acts";

  /**
   * The rules outside the shapes family that guess an act by its shape in any trade: a project's
   * admin script, a server's tool whose name acts, a request with credentials, code run with
   * production's data. A rule that knows its program ({@code patronictl failover --force}, {@code
   * conda install -y} into a shared environment) weighed its flags when it chose to ask.
   */
  private static final Set<String> GUESSING =
      Set.of(
          "admin.acts",
          "acts.tool-acts",
          "acts.credentialed-write",
          "prodcode.console",
          "production.pipeline-acted"); // a live pipeline's act: backfill … -y is sure (round 72)

  /**
   * Whether a rule guesses the act it asks about from its shape: the shapes family's, and {@link
   * #GUESSING}.
   *
   * @param rule the asking rule
   * @return whether its ask may be escalated
   */
  static boolean guesses(BuiltinRule rule) {
    return rule.category().equals("shapes") || GUESSING.contains(rule.id());
  }

  /**
   * The deny of {@code shapes.asked-act-escalated} over an asking hit.
   *
   * @param hit the rule's hit, at the asking hit's program and target
   * @param reason what the agent reads: the escalation, and what the asking rule asks about
   */
  public record Escalation(Hit hit, String reason) {}

  /**
   * {@return the escalation of the act the hit asks about, or {@code null} where nothing in its
   * words makes it sure}
   *
   * @param scan the call's scan
   * @param asked a built-in rule's hit that asks
   */
  public static Escalation of(Scan scan, Hit asked) {
    String escalation = escalation(scan, asked);
    if (escalation == null) {
      return null;
    }
    BuiltinRule rule = Catalogue.ESCALATED;
    String reason =
        rule.id()
            + ": `"
            + asked.found()
            + "` ("
            + escalation
            + ") "
            + rule.why()
            + "; what "
            + asked.rule().id()
            + " asks of: "
            + asked.rule().why();
    return new Escalation(new Hit(rule, asked.invocation(), asked.target(), asked.found()), reason);
  }

  /**
   * {@return what escalates the act the hit asks about ("--all-reclosers: every one"), or {@code
   * null}}
   *
   * @param scan the call's scan
   * @param hit a built-in rule's hit that asks
   */
  static String escalation(Scan scan, Hit hit) {
    if (!guesses(hit.rule())) {
      return null;
    }
    Invocation invocation = hit.invocation();
    if (invocation != null) {
      List<Word> words = invocation.words();
      if (words.size() > 1 && ActingVerbs.stagedOrTested(words.subList(1, words.size()))) {
        // --env sim … --all: every one of a simulator's is the rehearsal's (decision 336); the
        // asking rule still asks, as decision 308 lets an act named for staging through
        return null;
      }
      boolean goAheadCounts =
          !hit.rule().id().equals(GO_AHEAD)
              // curl -d @body.xml: a request's body in a file, no options out of sight; yq -y:
              // a developer's tool's output, no question answered
              && !(words.isEmpty()
                  || ShapeWords.HTTP_CLIENTS.contains(words.get(0).text())
                  || ShapeWords.LOCAL.contains(words.get(0).text()));
      return ofWords(scan, words, goAheadCounts);
    }
    CallForRules call = scan.call();
    if (call == null || call.tool() == null || !call.tool().startsWith("mcp__")) {
      return null; // an edit, a read or a fetch: its words are a file's or a page's, no act's
    }
    return ToolScopes.widened(call.args());
  }

  private static String ofWords(Scan scan, List<Word> words, boolean goAheadCounts) {
    List<Word> args = words.size() > 1 ? words.subList(1, words.size()) : List.of();
    for (Word word : args) {
      if (ShapeWords.EVERYTHING.contains(word.text().toLowerCase(Locale.ROOT))) {
        return word.text() + ": every one";
      }
    }
    if (ActReach.everyOne(args)) {
      return "every one of what it names";
    }
    if (ActReach.waivesCheck(args)) {
      return "a check skipped";
    }
    if (OutsiderMadeAdmin.in(args)) {
      return "a personal mailbox made an administrator";
    }
    if (goAheadCounts && ActReach.toldToGoLive(scan, args)) {
      return "told to go ahead without its question";
    }
    return null;
  }
}
