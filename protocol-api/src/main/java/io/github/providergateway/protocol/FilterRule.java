package io.github.providergateway.protocol;

/**
 * One rule of a stream filter: when the regular expression {@code match} is found in a pushed
 * event's text, the event takes {@code outcome} instead of its own level.
 */
public record FilterRule(String match, FilterOutcome outcome) {

  public FilterRule {
    Require.present(match, "match");
    Require.present(outcome, "outcome");
  }
}
