package io.github.providergateway.guard.shell.programs;

/**
 * A word the program knowledge found in a program's code or arguments ({@link ProgramWord#of}).
 *
 * @param text its value where literal, its source text where not
 * @param literal whether {@code text} is exactly what the program receives
 */
record FoundWord(String text, boolean literal) implements ProgramWord {}
