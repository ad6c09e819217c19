package io.github.providergateway.app.home;

import picocli.CommandLine.Option;

/**
 * {@code -h, --help} as every command of the app has it: a mixin, so that the option and its words
 * are written once.
 */
public final class HelpOption {

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;
}
