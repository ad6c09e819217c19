package io.github.providergateway.app.cli;

/**
 * The app's exit codes, as {@code gateway --help} lists them. Their own class, below every command:
 * a command returns them without reading {@code Main}, which reads every command.
 */
public final class ExitCodes {

  /** Ran and stopped normally. */
  public static final int OK = 0;

  /** Could not start. */
  public static final int START_FAILED = 1;

  /** Bad command line. */
  public static final int USAGE = 2;

  /**
   * A command only the person may run, refused on a coding agent's side (the agent bridge's {@code
   * AgentSide}, decision 82).
   */
  public static final int REFUSED = 3;

  private ExitCodes() {}
}
