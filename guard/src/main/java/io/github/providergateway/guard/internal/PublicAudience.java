package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A runner's task told by a variable that its audience is the public ({@code make -C dashboards
 * publish WEEK=2025-W23 TARGET=public}, {@code OPENDATA_TARGET=public make release-ccod}, {@code
 * make appeal-live SEGMENT=everyone}): where production is the place a deploy reaches, the public
 * is the place a publication reaches, and what is published is read by anyone and kept by them
 * (decision 169's reading of a variable naming production, widened to it). The variable's name says
 * it chooses where the task goes or who reads it (a target, a destination, an audience, a
 * visibility); a value of staging's or a test's is none.
 */
final class PublicAudience {
  private PublicAudience() {}

  /** The last part of a variable's name that makes its value where the task goes or to whom. */
  private static final Set<String> AIMS =
      NameSet.of(
          "target",
          "env",
          "environment",
          "dest",
          "destination",
          "audience",
          "visibility",
          "site",
          "channel",
          "segment",
          "scope",
          "to",
          "publish",
          "release",
          "access");

  /** The values that name the public or everyone. */
  private static final Set<String> PUBLIC =
      NameSet.of("public", "everyone", "everybody", "world", "internet", "external", "all-users");

  /** An assignment in the command's text: {@code OPENDATA_TARGET=public} before the runner. */
  private static final Pattern ASSIGNMENT =
      Pattern.compile(
          "(?:^|[\\s;&|(])([A-Za-z_][A-Za-z0-9_]{0,63})=([A-Za-z-]{1,32})(?=[\\s;&|)]|$)");

  /** Whether the runner's variables, or the command's before it, aim the task at the public. */
  static boolean named(Scan scan, List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int eq = text.indexOf('=');
      if (!text.startsWith("-")
          && eq > 0
          && aimsAtPublic(text.substring(0, eq), text.substring(eq + 1))) {
        return true;
      }
    }
    String source = scan.source();
    if (source == null || source.length() > 8192) {
      return false;
    }
    Matcher assignment = ASSIGNMENT.matcher(source);
    while (assignment.find()) {
      if (aimsAtPublic(assignment.group(1), assignment.group(2))) {
        return true;
      }
    }
    return false;
  }

  private static boolean aimsAtPublic(String name, String value) {
    List<String> parts = ServiceVerbs.split(name.toLowerCase(Locale.ROOT));
    return !parts.isEmpty()
        && AIMS.contains(parts.get(parts.size() - 1))
        && PUBLIC.contains(value.toLowerCase(Locale.ROOT));
  }
}
