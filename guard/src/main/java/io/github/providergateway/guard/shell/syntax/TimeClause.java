package io.github.providergateway.guard.shell.syntax;

/**
 * Bash's {@code time} keyword before a pipeline, which runs it and reports how long it took: {@code
 * time make}, {@code time -p make}. The keyword only where a command starts and not after a pipe
 * ({@code a | time b} runs the program {@code time}); a word starting with {@code -} after it other
 * than {@code -p} or {@code --} is the command it times ({@code time -f %e x} runs {@code -f}).
 *
 * @param posix whether {@code -p} followed it (the POSIX report)
 * @param command the pipeline or command timed, or {@code null} for {@code time} alone
 * @param start the offset of the keyword
 * @param end the offset after the command, or after the keyword (and its {@code -p}) alone
 */
public record TimeClause(boolean posix, Command command, int start, int end) implements Command {}
