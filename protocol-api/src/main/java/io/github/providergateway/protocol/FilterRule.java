package io.github.providergateway.protocol;

/**
 * One rule of a stream filter: when the regular expression {@code match} is found in a pushed
 * event's text, the event takes {@code outcome} instead of its own level.
 *
 * @param match the regular expression searched for in the event's text
 * @param outcome the level the event takes when it matches, or {@code drop}
 */
public record FilterRule(String match, FilterOutcome outcome) {

  /**
   * Checks the required fields.
   *
   * @param match the regular expression searched for in the event's text
   * @param outcome the level the event takes when it matches, or {@code drop}
   * @throws NullPointerException when {@code match} or {@code outcome} is null
   */
  public FilterRule {
    Require.present(match, "match");
    Require.present(outcome, "outcome");
  }
}
