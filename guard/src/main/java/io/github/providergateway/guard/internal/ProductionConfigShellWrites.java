package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Production's settings file written by a program rather than a file tool (decisions 184 and 185,
 * {@code shapes.production-config-written}): set in place with no old value shown ({@code yq -i},
 * Python yq's {@code --in-place}, {@code dasel put}, {@code crudini --set} or {@code --del}, {@code
 * xmlstarlet ed -L}, a {@code sed -i} whose pattern hides the old value: {@code s/^max:.*}{@code
 * /max: 9/}), or written whole ({@code cat > config/prod/x.yaml <<EOF}, {@code jq … >}, {@code
 * tee}, {@code cp}, {@code mv} or {@code install} onto it, {@code sponge}). As with the file tools,
 * the guard cannot read which way such a write moves the trade's settings; a {@code sed -i} whose
 * pattern is the old text shows it and is left to the readers of changes.
 */
final class ProductionConfigShellWrites {
  private ProductionConfigShellWrites() {}

  /**
   * The programs whose output redirected is text the call writes or changes ({@code cat <<EOF},
   * {@code jq '.a = 1' f}); not one that fetches or renders what is already there ({@code kubectl
   * get … -o yaml}, {@code helm template}, {@code algolia settings get}): a copy of production's
   * settings kept in the project changes nothing (rounds 5, 18 and 21's ordinary calls).
   */
  private static final Set<String> WRITERS =
      Set.of("cat", "echo", "printf", "jq", "yq", "sed", "awk", "gawk", "envsubst", "dasel");

  /** The programs that put a file in place: their last operand is written whole. */
  private static final Set<String> PLACERS = Set.of("cp", "mv", "install");

  /** A sed substitution: its delimiter, its pattern. */
  private static final Pattern SUBSTITUTION = Pattern.compile("^(?:\\d+|/[^/]*/)?s(.)(.*?)\\1");

  /**
   * A pattern's part that stands for a value not shown: {@code .*}, {@code [0-9]+}, {@code \S+}.
   */
  private static final Pattern HIDDEN = Pattern.compile("\\.[*+]|][*+]|\\\\[Sdw][*+]");

  /**
   * Whether a program sets production's settings file in place, showing no old value.
   *
   * @param scan the call
   * @param step the program
   */
  static boolean sets(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean inPlace =
        switch (step.program()) {
          case "yq" -> args.stream().anyMatch(w -> yqInPlace(w.text()));
          case "dasel" -> args.stream().anyMatch(w -> w.text().equals("put"));
          case "crudini" ->
              args.stream().anyMatch(w -> Set.of("--set", "--del", "--merge").contains(w.text()));
          case "xmlstarlet", "xml" ->
              args.stream().anyMatch(w -> w.text().equals("-L") || w.text().equals("--inplace"));
          case "sed" -> sedHidesOld(args);
          default -> false;
        };
    if (!inPlace) {
      return false;
    }
    Path project = scan.places().project();
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-") || text.startsWith(".") && !text.startsWith("./")) {
        continue; // an option, or yq's expression
      }
      if (ProductionConfigWrites.productionSettings(text, project)) {
        return true;
      }
    }
    return false;
  }

  /** yq's in place: {@code -i}, {@code --inplace}, Python yq's {@code --in-place}, {@code -yi}. */
  private static boolean yqInPlace(String text) {
    return text.startsWith("--inplace")
        || text.equals("--in-place")
        || text.matches("-[a-zA-Z]*i[a-zA-Z]*") && !text.startsWith("--");
  }

  /** Whether a {@code sed -i} substitutes a line whose old value its pattern does not show. */
  private static boolean sedHidesOld(List<Word> args) {
    boolean inPlace = false;
    boolean hides = false;
    for (Word word : args) {
      String text = word.text();
      inPlace |= text.startsWith("--in-place") || text.matches("-[a-zA-Z]*i.*");
      Matcher substitution = SUBSTITUTION.matcher(text);
      hides |= substitution.find() && PatternLiterals.finds(HIDDEN, substitution.group(2));
    }
    return inPlace && hides;
  }

  /**
   * Whether a program writes production's settings file whole: a redirect onto it, {@code tee}'s,
   * {@code sponge}'s operand, the last operand of {@code cp}, {@code mv} or {@code install}.
   *
   * @param scan the call
   * @param step the program
   */
  static boolean writes(Scan scan, Step step) {
    Path project = scan.places().project();
    for (Redirect redirect : step.invocation().redirects()) {
      if (WRITERS.contains(step.program())
          && redirect.operator().startsWith(">")
          && !redirect.operator().contains("&")
          && redirect.target() != null
          && ProductionConfigWrites.productionSettings(redirect.target().text(), project)) {
        return true;
      }
    }
    List<Word> args = step.args();
    String program = step.program();
    if (program.equals("tee") || program.equals("sponge")) {
      for (Word word : args) {
        if (!word.text().startsWith("-")
            && ProductionConfigWrites.productionSettings(word.text(), project)) {
          return true;
        }
      }
    }
    if (PLACERS.contains(program) && args.size() >= 2) {
      String last = args.get(args.size() - 1).text();
      return !last.startsWith("-") && ProductionConfigWrites.productionSettings(last, project);
    }
    return false;
  }
}
