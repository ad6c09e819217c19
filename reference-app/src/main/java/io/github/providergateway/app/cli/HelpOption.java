package io.github.providergateway.app.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h, --help} as every command of the app has it: a mixin, so that the option and its words
 * are written once.
 */
public final class HelpOption {

  private static final String SHORT = "-h";
  private static final String LONG = "--help";

  @Option(
      names = {SHORT, LONG},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  /**
   * Whether {@code word} of a command line asks for help.
   *
   * @param word one argument
   */
  public static boolean asksForHelp(String word) {
    return SHORT.equals(word) || LONG.equals(word);
  }
}
