package io.github.providergateway.app.agents;

import java.util.List;

/**
 * What {@code gateway doctor} found of an agent's own sandbox (issue 64): whether it is on in
 * effect and which file decides that, the effective lists, and the canary run through the agent's
 * own sandbox runner.
 *
 * @param on whether the sandbox is on in effect
 * @param source which file (or setting) decides that, or why nothing does
 * @param lines what {@code --verbose} prints below {@code sandbox:}, one finding each
 * @param problem what is wrong, or null: a sandbox setup wrote and a file turned off, or a canary
 *     that was not confined
 * @param writable the folders it lets every program write, as its settings list them (issue 77)
 */
record SandboxFinding(
    boolean on,
    String source,
    List<String> lines,
    DoctorProblem problem,
    SandboxWritable writable) {

  SandboxFinding {
    lines = List.copyOf(lines);
  }
}
