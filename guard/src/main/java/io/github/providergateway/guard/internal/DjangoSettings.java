package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * Django's settings given to the project's script by its option (decision 175, for {@link
 * ProductionConsoles}): {@code ./manage.py close_accounts --settings=bank.settings.production} runs
 * with production's database as {@code DJANGO_SETTINGS_MODULE=…production} does, unless its command
 * only reads Django's own state ({@code check}, {@code showmigrations}, {@code diffsettings}) or is
 * given its dry run.
 */
final class DjangoSettings {
  private DjangoSettings() {}

  /** Django's commands that read its configuration or migrations and change nothing. */
  private static final Set<String> READS =
      NameSet.of(
          "check",
          "showmigrations",
          "diffsettings",
          "sqlmigrate",
          "help",
          "version",
          "makemigrations",
          "collectstatic",
          "compilemessages",
          "test");

  /**
   * Whether the script's words give it settings that name production, its command more than a read
   * of Django's own.
   *
   * @param args the words after the script
   */
  static boolean production(List<Word> args) {
    String command = null;
    boolean production = false;
    for (int i = 0; i < args.size() && i < 32; i++) {
      String text = args.get(i).text();
      if (text.startsWith("--settings=")) {
        production |= Environments.namesProduction(text.substring(11));
      } else if (text.equals("--settings") && i + 1 < args.size()) {
        production |= Environments.namesProduction(args.get(++i).text());
      } else if (command == null && !text.startsWith("-")) {
        command = text;
      }
    }
    return production && command != null && !READS.contains(command) && !SharedActs.dryRun(args);
  }
}
