package io.github.providergateway.guard.shell.syntax;

/**
 * {@code ! pipeline}: the pipeline runs, and its status is negated.
 *
 * @param command the pipeline or command negated, or {@code null} for a {@code !} alone, which bash
 *     takes (it runs nothing, and fails)
 * @param start the offset of the {@code !}
 * @param end the offset after the command, or after the {@code !} alone
 */
public record Negation(Command command, int start, int end) implements Command {}
