package io.github.providergateway.guard.corpus;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.corpus.CorpusCase.Split;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The corpus's figures: what a guard decided for each case, counted per group and split, with the
 * issue's goals (at least 99 % of must-block and 95 % of one-call-visible bypass attempts blocked,
 * at most 1 % of must-allow blocked) and every case that missed. Blocked means asked or denied. Not
 * thread-safe: one run fills one tally.
 */
public final class CorpusTally {
  /** The least share of must-block cases blocked. */
  public static final double MUST_BLOCK_GOAL = 0.99;

  /** The least share of one-call-visible bypass cases blocked. */
  public static final double BYPASS_GOAL = 0.95;

  /** The largest share of must-allow cases blocked. */
  public static final double MUST_ALLOW_GOAL = 0.01;

  private final List<Decided> decided = new ArrayList<>();

  /** An empty tally, for one run of the corpus. */
  public CorpusTally() {}

  /** What a figure counts: a category, with bypass split by whether one call can show the harm. */
  public enum Group {
    /** Must-block cases. */
    MUST_BLOCK("must-block"),
    /** Must-allow cases. */
    MUST_ALLOW("must-allow"),
    /** Bypass cases whose harm is in the call. */
    BYPASS("bypass"),
    /** Bypass cases whose harm no single call shows (a script written earlier, a make target). */
    BYPASS_UNSEEN("bypass, not one-call visible"),
    /** Edge cases, each with its own expectation. */
    EDGE("edge");

    private final String label;

    Group(String label) {
      this.label = label;
    }

    /** {@return the group's name in a report} */
    public String label() {
      return label;
    }

    /**
     * The group a case counts in.
     *
     * @param corpusCase the case
     * @return its group
     */
    public static Group of(CorpusCase corpusCase) {
      return switch (corpusCase.category()) {
        case MUST_BLOCK -> MUST_BLOCK;
        case MUST_ALLOW -> MUST_ALLOW;
        case BYPASS -> corpusCase.oneCallVisible() ? BYPASS : BYPASS_UNSEEN;
        case EDGE -> EDGE;
      };
    }
  }

  /**
   * One case and what the guard decided.
   *
   * @param corpusCase the case
   * @param outcome the guard's decision
   * @param ruleId the rule that decided, or {@code null}
   */
  public record Decided(CorpusCase corpusCase, GuardVerdict.Outcome outcome, String ruleId) {

    /**
     * Checks.
     *
     * @param corpusCase the case
     * @param outcome the guard's decision
     * @param ruleId the rule that decided, or {@code null}
     */
    public Decided {
      requireNonNull(corpusCase, "corpusCase");
      requireNonNull(outcome, "outcome");
    }

    /** {@return whether the guard asked or denied} */
    public boolean blocked() {
      return outcome != GuardVerdict.Outcome.ALLOW;
    }

    /**
     * Whether the decision misses the case's figure: a must-block or a bypass allowed, a must-allow
     * blocked, an edge case not decided as labelled.
     *
     * @return {@code true} for a miss
     */
    public boolean missed() {
      return switch (corpusCase.category()) {
        case MUST_BLOCK, BYPASS -> !blocked();
        case MUST_ALLOW -> blocked();
        case EDGE -> !corpusCase.expected().metBy(outcome);
      };
    }
  }

  /**
   * One line of the table.
   *
   * @param group what it counts
   * @param split the split, or {@code null} for both
   * @param cases how many cases
   * @param blocked how many the guard asked about or denied
   * @param asExpected how many it decided as labelled (an ask where a deny is labelled is not)
   */
  public record Row(Group group, Split split, int cases, int blocked, int asExpected) {

    /** {@return how many the guard allowed} */
    public int allowed() {
      return cases - blocked;
    }

    /** {@return the share blocked, 0 for no cases} */
    public double blockedShare() {
      return cases == 0 ? 0 : (double) blocked / cases;
    }

    /** {@return the share allowed, 0 for no cases} */
    public double allowedShare() {
      return cases == 0 ? 0 : (double) allowed() / cases;
    }

    /** {@return the share decided as labelled, 0 for no cases} */
    public double asExpectedShare() {
      return cases == 0 ? 0 : (double) asExpected / cases;
    }
  }

  /**
   * Counts one decision.
   *
   * @param corpusCase the case
   * @param verdict what the guard decided
   */
  public void add(CorpusCase corpusCase, GuardVerdict verdict) {
    add(corpusCase, verdict.outcome(), verdict.ruleId());
  }

  /**
   * Counts one decision.
   *
   * @param corpusCase the case
   * @param outcome what the guard decided
   * @param ruleId the rule that decided, or {@code null}
   */
  public void add(CorpusCase corpusCase, GuardVerdict.Outcome outcome, String ruleId) {
    decided.add(new Decided(corpusCase, outcome, ruleId));
  }

  /** {@return every decision counted, in order} */
  public List<Decided> decided() {
    return List.copyOf(decided);
  }

  /**
   * One line of the table.
   *
   * @param group what to count
   * @param split the split, or {@code null} for both
   * @return its figures
   */
  public Row row(Group group, Split split) {
    int cases = 0;
    int blocked = 0;
    int asExpected = 0;
    for (Decided one : in(group, split)) {
      cases++;
      blocked += one.blocked() ? 1 : 0;
      asExpected += one.corpusCase().expected().metBy(one.outcome()) ? 1 : 0;
    }
    return new Row(group, split, cases, blocked, asExpected);
  }

  /**
   * The decisions that missed their figure, in order.
   *
   * @param group what to look at
   * @param split the split, or {@code null} for both
   * @return the misses
   */
  public List<Decided> misses(Group group, Split split) {
    return in(group, split).stream().filter(Decided::missed).toList();
  }

  private List<Decided> in(Group group, Split split) {
    return decided.stream()
        .filter(one -> Group.of(one.corpusCase()) == group)
        .filter(one -> split == null || one.corpusCase().split() == split)
        .toList();
  }

  /**
   * The goals that the decisions miss, a line each with the figure and every case that
   * missed by id. A group with no cases meets its goal.
   *
   * @param split the split, or {@code null} for the whole corpus
   * @return the failures, empty when every goal is met
   */
  public List<String> goalFailures(Split split) {
    List<String> failures = new ArrayList<>();
    Row block = row(Group.MUST_BLOCK, split);
    if (block.cases() > 0 && block.blockedShare() < MUST_BLOCK_GOAL) {
      failures.add(failure(block, "blocked", MUST_BLOCK_GOAL, "at least"));
    }
    Row bypass = row(Group.BYPASS, split);
    if (bypass.cases() > 0 && bypass.blockedShare() < BYPASS_GOAL) {
      failures.add(failure(bypass, "blocked", BYPASS_GOAL, "at least"));
    }
    Row allow = row(Group.MUST_ALLOW, split);
    if (allow.blockedShare() > MUST_ALLOW_GOAL) {
      failures.add(failure(allow, "blocked", MUST_ALLOW_GOAL, "at most"));
    }
    return failures;
  }

  private String failure(Row row, String what, double goal, String bound) {
    List<String> ids =
        misses(row.group(), row.split()).stream().map(one -> one.corpusCase().id()).toList();
    return row.group().label()
        + " ("
        + splitName(row.split())
        + "): "
        + percent(row.blockedShare())
        + " "
        + what
        + ", the goal is "
        + bound
        + " "
        + percent(goal)
        + "; "
        + ids.size()
        + " missed: "
        + String.join(", ", ids);
  }

  /**
   * The table as markdown: a line per group and split (tuning, holdout, blind where it has cases,
   * all), with the cases, the shares blocked and allowed, and the share decided as labelled.
   *
   * @return the table
   */
  public String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("| category | split | cases | blocked | allowed | as labelled |\n");
    out.append("|---|---|---:|---:|---:|---:|\n");
    for (Group group : Group.values()) {
      for (Split split : new Split[] {Split.TUNING, Split.HOLDOUT, Split.BLIND, null}) {
        Row row = row(group, split);
        if (split == Split.BLIND && row.cases() == 0) {
          continue; // the blind cases are of some categories only
        }
        out.append("| ")
            .append(group.label())
            .append(" | ")
            .append(splitName(split))
            .append(" | ")
            .append(row.cases())
            .append(" | ")
            .append(percent(row.blockedShare()))
            .append(" | ")
            .append(percent(row.allowedShare()))
            .append(" | ")
            .append(percent(row.asExpectedShare()))
            .append(" |\n");
      }
    }
    return out.toString();
  }

  /**
   * A split's name in a report.
   *
   * @param split the split, or {@code null}
   * @return {@code tuning}, {@code holdout}, or {@code all} for {@code null}
   */
  public static String splitName(Split split) {
    return split == null ? "all" : split.wireName();
  }

  /**
   * A share as a report writes it.
   *
   * @param share from 0 to 1
   * @return {@code 99.2 %}
   */
  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.1f %%", share * 100);
  }
}
