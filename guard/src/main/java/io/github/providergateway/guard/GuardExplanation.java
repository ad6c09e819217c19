package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What {@code gateway guard explain} shows: how the call was read, every rule that matched, and the
 * decision.
 *
 * @param verdict the decision, as {@link Guard#decide} gives it
 * @param parse how the call was read, a line a program the command would run (or the path, for a
 *     file tool)
 * @param matched every rule that matched, a line each: its id, its action, and why
 */
public record GuardExplanation(GuardVerdict verdict, List<String> parse, List<String> matched) {

  /**
   * Checks and copies.
   *
   * @param verdict the decision, as {@link Guard#decide} gives it
   * @param parse how the call was read, a line a program the command would run (or the path, for a
   *     file tool)
   * @param matched every rule that matched, a line each: its id, its action, and why
   */
  public GuardExplanation {
    requireNonNull(verdict, "verdict");
    parse = List.copyOf(parse);
    matched = List.copyOf(matched);
  }
}
