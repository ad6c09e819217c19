package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a program's words aim it at production ({@link ProductionActs}'s aim, read by {@link
 * RunnerTargets} and {@link Environments} too): moved out of {@link ProductionActs} when decision
 * 325 grew its reading of command words.
 */
final class ProductionAims {
  private ProductionAims() {}

  /** The bare flags that name production as a kind of dependency (npm's, yarn's, a checker's). */
  private static final Set<String> DEPENDENCY_FLAGS =
      NameSet.of("--production", "--prod", "--only=production");

  /**
   * Whether the program's words name production as the place it acts: an option's value ({@code
   * --env prod}, {@code --settings=shop.settings.production}, {@code -x env=prod}), a host ({@code
   * meng-prod-1.nsx.internal:7001}), a variable ({@code "$PROD_DB_URL"}) or a flag ({@code
   * --live}), but not a bare flag of {@link #DEPENDENCY_FLAGS}, a positional's own name ({@code
   * argocd app set shop-prod}: its family's reading) or a numbered document production ({@code
   * --set PROD003}, {@code --volume TEST-PROD-001}) or an output in the temporary folder: {@link
   * #noPlace}.
   */
  static boolean aimedAtProduction(List<Word> args) {
    boolean valueNext = false;
    String option = "";
    for (Word word : args) {
      String text = word.text();
      boolean value = valueNext;
      valueNext = false;
      if (!word.literal() && word.written() != null && placeNamed(word.written())) {
        return true; // "$PROD_DB_URL"
      }
      if (text.startsWith("-")) {
        int eq = text.indexOf('=');
        option = text;
        if (eq < 0) {
          valueNext = true;
          if (Environments.namesProduction(text) && !DEPENDENCY_FLAGS.contains(text)) {
            return true; // --live, --go-live
          }
          if (gluedShortOption(text) && placeNamed(text.substring(2))) {
            return true; // -eprod: getopt's -e prod (decision 157)
          }
        } else if (placeNamed(text.substring(eq + 1))
            && !DEPENDENCY_FLAGS.contains(text)
            && !noPlace(text.substring(0, eq), text.substring(eq + 1))) {
          return true;
        }
        continue;
      }
      boolean hostLike = text.indexOf('.') > 0 || text.indexOf(':') > 0;
      if ((value || hostLike) && placeNamed(text) && !noPlace(value ? option : "", text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a value that names production, given to {@code option}, names no place: a production
   * volume's label ({@link VolumeLabels}) or an output in the temporary folder ({@link
   * TemporaryOutputs}), decision 216.
   */
  static boolean noPlace(String option, String value) {
    return VolumeLabels.only(option, value) || TemporaryOutputs.only(option, value);
  }

  /** A short option glued to its value, as getopt reads it: {@code -eprod}. */
  private static boolean gluedShortOption(String text) {
    return text.length() > 3
        && text.length() < 64
        && text.charAt(1) != '-'
        && Character.isLetter(text.charAt(1));
  }

  /** A value that names production, unless it is a numbered production's ({@code PROD003}). */
  private static boolean placeNamed(String value) {
    return value.length() < 256
        && Environments.namesProduction(value)
        && Environments.namesProduction(NUMBERED.matcher(value).replaceAll(""));
  }

  /** A numbered document production: {@code PROD003}, {@code /tmp/prod004/}. */
  private static final Pattern NUMBERED = Pattern.compile("(?i)(?<![a-z])prod\\d+");
}
