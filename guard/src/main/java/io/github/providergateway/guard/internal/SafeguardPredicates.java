package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code safeguards} rules ask (issue 80 round 6, decision 108): what a change of
 * the project's code, configuration or recorded data loosens ({@link SafeguardEdits}), read of an
 * edit tool's call ({@code edit-safeguard-…}) or of a program that writes files ({@code
 * writes-safeguard-…}: {@code sed -i}, {@code perl -pi}, {@code yq -i}, a here-document or {@code
 * echo} to a file, inline code's replacements, a patch applied from a here-document: decision 204)
 * through the {@code weakens} readers; and recorded data rewritten in place by a program ({@code
 * rewrites-raw-data}: {@code sed -i} on a {@code raw/} file, inline code writing one).
 */
final class SafeguardPredicates {
  private SafeguardPredicates() {}

  /** The rules' names for what a change does. */
  private static final Map<SafeguardEdits.Kind, String> NAMES =
      Map.ofEntries(
          Map.entry(SafeguardEdits.Kind.BACKDOOR, "backdoor"),
          Map.entry(SafeguardEdits.Kind.CHECK_REMOVED, "check-removed"),
          Map.entry(SafeguardEdits.Kind.PROTECTION_OFF, "protection-off"),
          Map.entry(SafeguardEdits.Kind.THRESHOLD_LOOSENED, "threshold-loosened"),
          Map.entry(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED, "exclusions-emptied"),
          Map.entry(SafeguardEdits.Kind.RAW_DATA_EDITED, "raw-data-edited"),
          Map.entry(SafeguardEdits.Kind.BODIES_LOGGED, "bodies-logged"),
          Map.entry(SafeguardEdits.Kind.SITE_DEINDEXED, "site-deindexed"),
          Map.entry(SafeguardEdits.Kind.MESSAGES_DROPPED, "messages-dropped"),
          Map.entry(SafeguardEdits.Kind.REHEARSAL_MADE_REAL, "rehearsal-made-real"),
          Map.entry(SafeguardEdits.Kind.HANDLING_MADE_DESTRUCTIVE, "handling-made-destructive"));

  private static final SafeguardEdits.Kind THRESHOLD = SafeguardEdits.Kind.THRESHOLD_LOOSENED;

  private static final Set<String> SUBSTITUTES = NameSet.of("sed", "gsed", "perl", "yq");

  private static final Set<String> PRINTERS = NameSet.of("echo", "printf", "tee", "cat");

  /** The most code read. */
  private static final int MAX_CODE = 16 * 1024;

  /** A call of inline code that writes a file, and what it is handed first. */
  private static final Pattern CODE_WRITES =
      Pattern.compile(
          "(?:to_csv|to_excel|to_parquet|to_hdf|write_text|write_bytes|savetxt|imwrite|writeFileSync"
              + "|writeFile|open|write\\.csv|write_csv|fwrite|write\\.table|write_xlsx|\\.save|imsave)\\s*\\(\\s*([^,)]{1,200})");

  /** A path in quotes. */
  private static final Pattern LITERAL_PATH = Pattern.compile("['\"]([^'\"\\s]{1,300})['\"]");

  /** A name given a path: {@code p = 'raw/run3.csv'}. */
  private static final Pattern ASSIGNED =
      Pattern.compile("\\b([A-Za-z_]\\w{0,40})\\s*=\\s*(?:Path\\()?['\"]([^'\"]{1,300})['\"]");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-keep-out-list-emptied", scan -> KeepOutLists.writtenEmpty(scan.call()));
    named.put("edit-notice-removed", scan -> NoticesRemoved.found(scan.call())); // decision 336
    for (Map.Entry<SafeguardEdits.Kind, String> kind : NAMES.entrySet()) {
      named.put(
          "edit-safeguard-" + kind.getValue(),
          scan -> {
            SafeguardEdits.Found found = edited(scan);
            return found != null && found.kind() == kind.getKey() ? found.shown() : null;
          });
    }
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (Map.Entry<SafeguardEdits.Kind, String> kind : NAMES.entrySet()) {
      if (kind.getKey() == SafeguardEdits.Kind.RAW_DATA_EDITED) {
        continue; // a program's rewrite of recorded data is rewrites-raw-data's
      }
      named.put(
          "writes-safeguard-" + kind.getValue(),
          (scan, step, read) -> {
            SafeguardEdits.Found found = writes(scan, step);
            return found != null && found.kind() == kind.getKey();
          });
    }
    named.put("rewrites-raw-data", (scan, step, read) -> rewritesRawData(scan, step));
    named.put(
        "request-turns-safeguard-off",
        (scan, step, read) -> SafeguardsSetByRequest.of(step) != null); // decision 336
    named.put("keep-out-list-emptied", (scan, step, read) -> KeepOutLists.emptiedBy(scan, step));
    named.put("deletes-notice-lines", (scan, step, read) -> NoticesRemoved.deletes(step));
    named.put(
        "tool-setting-loosened",
        ToolSettings.SETTING_WITHIN
            .clues()
            .around((scan, step, read) -> ToolSettings.of(step) != null));
  }

  /** What the call's edit loosens, read once a call (every kind's predicate asks). */
  private static SafeguardEdits.Found edited(Scan scan) {
    return scan.once(
        "SafeguardPredicates.edited",
        s -> EditCalls.read(s.call(), SwitchesCommentedOut.alsoCommented(SafeguardEdits::of)));
  }

  /** What a program's writes loosen, read once a program of the call. */
  private static SafeguardEdits.Found writes(Scan scan, Step step) {
    Map<Step, Optional<SafeguardEdits.Found>> read =
        scan.once("SafeguardPredicates.writes", s -> new IdentityHashMap<>());
    return read.computeIfAbsent(step, s -> Optional.ofNullable(read(scan, s))).orElse(null);
  }

  /** What a program's writes loosen. */
  private static SafeguardEdits.Found read(Scan scan, Step step) {
    String program = step.program();
    SafeguardEdits.Found found = null;
    if (SUBSTITUTES.contains(program) || InPlaceEditors.PROGRAMS.contains(program)) {
      found =
          WeakenPredicates.inPlace(step, SwitchesCommentedOut.alsoCommented(SafeguardEdits::of));
    }
    if (found == null && PRINTERS.contains(program)) {
      found = WeakenPredicates.written(scan, step, SafeguardEdits::of);
      if (found != null && found.kind() == SafeguardEdits.Kind.RAW_DATA_EDITED) {
        found = null; // what a printer writes is read as new: recorded data is rewrites-raw-data's
      }
    }
    if (found == null && (program.equals("sed") || program.equals("gsed"))) {
      found = deletedLines(step);
    }
    if (found == null && (program.equals("git") || program.equals("patch"))) {
      found = PatchedChanges.read(scan, step, SafeguardEdits::of); // a diff from a here-document
    }
    if (found == null && ConfigSetters.PROGRAMS.contains(program)) {
      ConfigSetters.Written set = ConfigSetters.of(scan, step);
      found = set == null ? null : SafeguardEdits.of("", set.text(), List.of(set.file()));
      if (found != null
          && found.kind() != SafeguardEdits.Kind.PROTECTION_OFF
          && found.kind() != SafeguardEdits.Kind.THRESHOLD_LOOSENED) {
        found = null; // a tool's one setting is read for a switch or a number (decision 203)
      }
      if (found == null && set != null && set.unseen()) {
        String shown = ProtectiveNumbers.unseen(set.text(), set.file()); // round 66
        found = shown == null ? null : new SafeguardEdits.Found(THRESHOLD, shown);
      }
      if (found == null && set != null) {
        found = opened(set.text(), List.of(set.file())); // decision 336: a visibility set open
      }
      if (found == null && set != null && program.equals("jq")) {
        String shown = IdentifiersKept.unseen(set.text(), set.file()); // round 67
        found =
            shown == null
                ? null
                : new SafeguardEdits.Found(SafeguardEdits.Kind.PROTECTION_OFF, shown);
      }
    }
    if (found == null && program.equals("yq")) {
      found =
          WeakenPredicates.inPlace(
              step, (old, now, files) -> old.isEmpty() ? opened(now, files) : null);
    }
    if (found == null && step.interpreter()) {
      found = WeakenPredicates.replacedByCode(step, SafeguardEdits::of);
      if (found == null) {
        found = WeakenPredicates.setByCode(step, SafeguardEdits::of);
        if (found != null && found.kind() != SafeguardEdits.Kind.PROTECTION_OFF) {
          found = null; // only a switch is read of code as a whole
        }
      }
    }
    return found;
  }

  /**
   * A visibility's, privacy's or sharing's setting a tool writes open, its old value unseen
   * (decision 336: {@code yq -i '.privacy.location_tracking = "always"'}).
   */
  private static SafeguardEdits.Found opened(String text, List<String> files) {
    if (files.isEmpty() || CheckFiles.ordinary(files.get(0))) {
      return null;
    }
    String shown = ExposureFlips.set(text, files.get(0));
    return shown == null
        ? null
        : new SafeguardEdits.Found(SafeguardEdits.Kind.PROTECTION_OFF, shown);
  }

  /** A sed script's deletion of a range from a matched line: {@code /IsPlausible/,+1d}. */
  private static final Pattern RANGE_DELETE =
      Pattern.compile("^/((?:[^/\\\\]|\\\\.){1,200})/(?:,(?:\\+\\d{1,3}|\\$|/[^/]{0,200}/))?d$");

  /**
   * What a {@code sed -i} deleting the lines a pattern matches takes out, a range after them too:
   * the pattern read as the text taken out, a call's name as its call.
   */
  private static SafeguardEdits.Found deletedLines(Step step) {
    boolean inPlace = false;
    String script = null;
    List<String> files = new ArrayList<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("--in-place") || text.startsWith("-i") || text.matches("-[nEr]+i.*")) {
        inPlace = true;
      } else if ((text.equals("-e") || text.equals("--expression")) && i + 1 < args.size()) {
        script = args.get(++i).text();
      } else if (text.startsWith("-")) {
        continue;
      } else if (script == null) {
        script = text;
      } else {
        files.add(text);
      }
    }
    if (!inPlace || script == null || files.isEmpty() || script.length() > 400) {
      return null;
    }
    Matcher range = RANGE_DELETE.matcher(script.strip());
    if (!range.matches()) {
      return null;
    }
    String old = range.group(1).replace("\\", "").replace("^", "").replace("$", "");
    if (old.matches("(?s).{0,200}[A-Za-z_][\\w.]{1,100}")) {
      old = old + "()"; // a call named: ScoreValidator.IsPlausible
    }
    if (script.contains(",") && old.strip().matches("(?:if|unless)\\b.*")) {
      old = old + "\n  return"; // a guard deleted with the lines after it: its refusal
    }
    return SafeguardEdits.of(old, "", files);
  }

  /**
   * Whether a program rewrites recorded data in place: {@code sed -i} or {@code perl -pi} on a file
   * below a {@code raw/} folder, something appended to one, or inline code writing one.
   */
  private static boolean rewritesRawData(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("sponge")) {
      for (Word word : step.args()) {
        if (SafeguardEdits.rawData(word.text())) {
          return true;
        }
      }
    }
    if (program.equals("mv") || program.equals("cp") || program.equals("tee")) {
      // Recorded data written over by what the same command made of it: awk … raw/x.csv > t; mv t
      // raw/x.csv
      String source = scan.source();
      for (Word word : step.args()) {
        String text = word.text();
        if (!text.startsWith("-")
            && SafeguardEdits.rawData(text)
            && source != null
            && source.length() < 64 * 1024
            && source.indexOf(text) != source.lastIndexOf(text)
            && !(program.equals("tee") && source.contains("tee -a"))) {
          return true;
        }
      }
    }
    if (program.equals("sed") || program.equals("gsed") || program.equals("perl")) {
      boolean inPlace = false;
      boolean raw = false;
      for (Word word : step.args()) {
        String text = word.text();
        if (text.startsWith("--in-place") || text.equals("--inplace")) {
          inPlace = true;
        } else if (text.startsWith("-") && !text.startsWith("--")) {
          String letters = text.substring(1);
          inPlace |=
              program.equals("perl")
                  ? letters.indexOf('i') >= 0 && letters.matches("[a-z]*i.*")
                  : letters.startsWith("i") || letters.matches("[nErsuz]+i.*");
        } else {
          raw |= SafeguardEdits.rawData(text);
        }
      }
      if (inPlace && raw) {
        return true;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes()
          && redirect.operator().startsWith(">>")
          && redirect.target() != null
          && SafeguardEdits.rawData(redirect.target().text())) {
        return true; // rows added to what the instrument recorded
      }
    }
    if (!step.interpreter()) {
      return false;
    }
    String code = InterpreterCode.of(step);
    if (code == null && step.program().equals("Rscript")) {
      code = rCode(step); // R's -e, which the interpreters' reader does not name
    }
    if (code == null) {
      return false;
    }
    code = code.length() > MAX_CODE ? code.substring(0, MAX_CODE) : code;
    if (!code.contains("raw")) {
      return false;
    }
    Matcher write = CODE_WRITES.matcher(code);
    while (write.find()) {
      String target = write.group(1).strip();
      if (write.group().startsWith("open") && !opensToWrite(code, write.end())) {
        continue;
      }
      String path = target.replaceAll("^(?:Path\\()?['\"]|['\"]\\)?$", "");
      if (SafeguardEdits.rawData(path)) {
        return true;
      }
      int close = code.indexOf(')', write.start());
      String call =
          code.substring(
              write.start(), close < 0 ? code.length() : Math.min(close, write.start() + 400));
      Matcher literal = LITERAL_PATH.matcher(call);
      while (literal.find()) {
        if (SafeguardEdits.rawData(literal.group(1))) {
          return true; // R's write.csv(d, "raw/x.csv"): the file is not the first argument
        }
      }
      Matcher assigned = ASSIGNED.matcher(code);
      while (assigned.find()) {
        if (assigned.group(1).equals(target) && SafeguardEdits.rawData(assigned.group(2))) {
          return true;
        }
      }
    }
    return false;
  }

  /** The code {@code Rscript -e} is handed, or {@code null}. */
  private static String rCode(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("-e")) {
        return args.get(i + 1).text();
      }
    }
    return null;
  }

  /** Whether an {@code open(} call's mode writes: {@code 'w'}, {@code 'a'}, {@code 'r+'}. */
  private static boolean opensToWrite(String code, int from) {
    String rest = code.substring(from, Math.min(code.length(), from + 80));
    int close = rest.indexOf(')');
    String mode = close < 0 ? rest : rest.substring(0, close);
    return mode.matches("(?s).*,\\s*(?:mode\\s*=\\s*)?['\"](?:w|a|r\\+|wb|ab|w\\+)['\"].*");
  }
}
