package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Decides one agent tool call by the built-in rules of a preset and the configuration's plain rules
 * (docs/guard.md). Immutable and thread-safe; a decision does no I/O, reads no clock, and depends
 * on nothing but the call and the settings, so it is the same under any load.
 *
 * <p>Order: a catastrophic built-in rule denies whatever the configuration says (unless the preset
 * is {@code off}); then the person's allow list lets through what it names; then the first deny,
 * then the first ask, of the project's rules, the person's rules and the built-in rules. A command
 * the parser will not read (past a bound, or malformed) is denied, never allowed.
 *
 * <p>PLACEHOLDER until the rules land.
 */
public final class Guard {
  private final GuardSettings personal;
  private final GuardSettings project;
  private final GuardEnvironment environment;

  private Guard(GuardSettings personal, GuardSettings project, GuardEnvironment environment) {
    this.personal = personal;
    this.project = project;
    this.environment = environment;
  }

  /**
   * A guard with the person's settings.
   *
   * @param personal the person's own settings ({@link GuardSettings#personal})
   * @param environment the machine's folders
   * @return the guard
   */
  public static Guard create(GuardSettings personal, GuardEnvironment environment) {
    return new Guard(
        requireNonNull(personal, "personal"),
        GuardSettings.project(null),
        requireNonNull(environment, "environment"));
  }

  /**
   * This guard with a project's own rules added: they can only tighten it.
   *
   * @param project the project's settings ({@link GuardSettings#project})
   * @return a new guard
   */
  public Guard tightenedBy(GuardSettings project) {
    return new Guard(personal, requireNonNull(project, "project"), environment);
  }

  /** {@return the person's settings} */
  public GuardSettings settings() {
    return personal;
  }

  /**
   * Decides {@code call}. Never throws for any call: what cannot be read is denied.
   *
   * @param call the call
   * @return the decision
   */
  public GuardVerdict decide(GuardCall call) {
    return explain(call).verdict();
  }

  /**
   * Decides {@code call} and says how: the parse, every rule that matched.
   *
   * @param call the call
   * @return the explanation
   */
  public GuardExplanation explain(GuardCall call) {
    return new GuardExplanation(
        new GuardVerdict(GuardVerdict.Outcome.ALLOW, null, "no rule applies", null),
        List.of(),
        List.of());
  }
}
