package io.github.providergateway.guard.shell.programs;

import java.util.List;

/**
 * What a program carries in its options or configuration to run: a script ({@code command} null) or
 * a command as words ({@code script} null), and how it is reached.
 *
 * @param via how it is reached ({@code git -c}, {@code ssh}, …)
 * @param script shell text, or null
 * @param command the words of a command, or null
 */
public record CarriedRun(String via, String script, List<ProgramWord> command) {}
