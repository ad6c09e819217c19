package io.github.providergateway.guard.shell;

import java.util.List;

/**
 * What a printer writes, for the readers of what a command feeds another program (a database
 * client's statements piped or written to a file): {@code echo} with its {@code -n -e -E}, and
 * {@code printf}'s format applied to its arguments ({@link PrintfFormat}), escapes made into the
 * characters they stand for. {@code printf 'BEGIN;\nDELETE FROM t;'} writes a line that starts with
 * {@code DELETE}, not the word {@code nDELETE} its argument spells.
 */
public final class PrintedText {
  private PrintedText() {}

  /**
   * {@return what {@code program} ({@code echo} or {@code printf}) writes given {@code args}, or
   * null for another program, {@code printf -v} or a conversion that is not modelled}
   */
  public static String of(String program, List<String> args) {
    return switch (program) {
      case "echo" -> TextFolding.echo(args);
      case "printf" -> PrintfFormat.print(args);
      default -> null;
    };
  }
}
