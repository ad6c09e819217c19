package io.github.providergateway.app.agents;

/**
 * One thing {@code gateway doctor} found wrong with an agent, twice: in a few words for the agent's
 * one line ({@code codex PROBLEM — hook not trusted: run 'gateway setup codex'}), and in full for
 * {@code --verbose} and {@code --json}. Several findings of one kind (the gateway not running, seen
 * through each hook) share their words, so the line says it once.
 *
 * @param brief the few words, with what to do when there is one thing to do
 * @param detail the whole finding: which file, what was expected, what was found
 */
record DoctorProblem(String brief, String detail) {}
