package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Data exports leaving (decision 93): a file whose path says it holds people's data (customers,
 * users' emails, KYC, a production table's export, the person's documents and photos) sent to a
 * host that is not this machine: an HTTP client's upload or body, a copy to a bucket, a drive or
 * another machine, a tracker's or a model hub's upload, inline code posting it, or a pipeline that
 * reads it and sends what it reads. The same file read here stays allowed.
 */
final class PersonalData {
  private PersonalData() {}

  /** The words of a path that say people's data whatever else it says. */
  private static final Set<String> PERSONAL =
      NameSet.of(
          "customer",
          "customers",
          "pii",
          "kyc",
          "emails",
          "members",
          "patients",
          "subscribers",
          "contacts",
          "cardholders",
          "pans",
          "ssn",
          "passports",
          "payroll",
          "salaries",
          "employees",
          "recipients",
          "phones",
          "addresses",
          "personal",
          "gdpr",
          "dcim",
          "photos",
          "taxes",
          // decision 259: special categories and the people a trade's records are of
          "psych",
          "psychiatric",
          "safeguarding",
          "medical",
          "diagnoses",
          "tenants",
          "residents",
          "beneficiaries",
          "claimants",
          "applicants",
          "victims",
          "juvenile",
          "inmates",
          // round 61: a school's special-education plans and the records of its pupils
          "iep",
          "ieps",
          "sped",
          "students",
          "pupils",
          "disability",
          "disabilities",
          "counseling",
          "counselling",
          "disciplinary",
          "grievances",
          "fingerprints",
          "biometrics");

  /** Words that say people's data only beside one of {@link #EXPORTED}. */
  private static final Set<String> PEOPLE =
      NameSet.of("users", "accounts", "orders", "tickets", "profiles", "leads", "signups", "user");

  private static final Set<String> EXPORTED =
      NameSet.of(
          "export", "exports", "dump", "dumps", "prod", "production", "full", "raw", "backup");

  /** The person's own folders. */
  private static final List<String> PERSON_FOLDERS =
      List.of("~/documents", "/documents/", "~/pictures", "/pictures/", "/sdcard/", "~/desktop");

  /** Adds each predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("sends-personal-data", PersonalData::sends);
    named.put("records-to-everyone", (scan, step, read) -> RecordsToEveryone.found(step));
  }

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("pipes-personal-data-out", PersonalData::pipesOut);
    named.put("sends-a-capture", PersonalData::sendsCapture);
  }

  /** Whether a path (or a query's text) says it holds people's data. */
  static boolean names(String text) {
    int n = Math.min(text.length(), 1024);
    String lower = text.substring(0, n).toLowerCase(Locale.ROOT);
    for (String folder : PERSON_FOLDERS) {
      if (lower.contains(folder)) {
        return true;
      }
    }
    boolean people = false;
    boolean exported = false;
    int start = -1;
    for (int i = 0; i <= n; i++) {
      char c = i < n ? lower.charAt(i) : '/';
      if (c >= 'a' && c <= 'z') {
        if (start < 0) {
          start = i;
        }
        continue;
      }
      if (start >= 0) {
        String part = lower.substring(start, i);
        if (PERSONAL.contains(part)) {
          return true;
        }
        people |= PEOPLE.contains(part);
        exported |= EXPORTED.contains(part);
        start = -1;
      }
    }
    return people && exported;
  }

  /** A variable named for a web address: {@code $TEAMS_WEBHOOK_URL}, {@code ${API_ENDPOINT}}. */
  private static final java.util.regex.Pattern URL_VARIABLE =
      java.util.regex.Pattern.compile("(?i)\\$\\{?\\w*(?:url|webhook|endpoint|hook)\\}?");

  private static final Set<String> COPIERS =
      NameSet.of(
          "rclone", "scp", "rsync", "aws", "gsutil", "gcloud", "azcopy", "s3cmd", "mc", "bq");

  private static final Set<String> SAAS_UPLOADERS =
      NameSet.of("wandb", "hf", "huggingface-cli", "kaggle", "dvc", "gh", "glab");

  /**
   * Whether the step sends people's data, as {@link #sends(Step)} reads it, where a {@code {}} of a
   * program {@code find} runs is the files find names (decision 318: {@code find exports -name
   * 'members_*.csv' -exec curl -T {} https://…}, {@link FindExecFiles}).
   */
  private static boolean sends(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    if (program.equals("curl") || program.equals("http") || program.equals("xh")) {
      return httpSends(
          step.args(),
          file -> FindExecFiles.named(scan, step, file).stream().anyMatch(PersonalData::names));
    }
    return sends(step);
  }

  /** Whether the program sends a file that names people's data to another machine. */
  static boolean sends(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("curl") || program.equals("http") || program.equals("xh")) {
      return httpSends(args, PersonalData::names);
    }
    if (COPIERS.contains(program)) {
      return !CopierOptions.dryRun(step)
          && copies(program, CopierOptions.operands(step), PersonalData::names);
    }
    if (SAAS_UPLOADERS.contains(program)) {
      return saas(program, args);
    }
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return code != null && codeSends(code);
    }
    return false;
  }

  /** httpie's and curl's form field naming a file: {@code file=@path}, {@code file@path}. */
  private static final java.util.regex.Pattern FIELD_FILE =
      java.util.regex.Pattern.compile("[A-Za-z0-9_.\\[\\]-]{1,64}=?@");

  private static boolean httpSends(List<Word> args, java.util.function.Predicate<String> which) {
    boolean personal = false;
    boolean remote = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String prior = i > 0 ? args.get(i - 1).text() : "";
      int at = text.indexOf('@');
      boolean file =
          at >= 0
                  && (prior.equals("-F")
                      || prior.startsWith("--form")
                      || prior.equals("-d")
                      || prior.startsWith("--data")
                      || text.startsWith("@")
                      || FIELD_FILE.matcher(text).lookingAt())
              || prior.equals("-T")
              || prior.equals("--upload-file");
      if (file && which.test(at >= 0 && !prior.equals("-T") ? text.substring(at + 1) : text)) {
        personal = true;
      }
      if (text.contains("://")) {
        String host = Hosts.of(text);
        remote |= host == null || !ActsPredicates.local(host);
      }
    }
    return personal && remote;
  }

  private static boolean copies(
      String program, List<Word> positionals, java.util.function.Predicate<String> which) {
    String first = positionals.isEmpty() ? "" : positionals.get(0).text();
    String second = positionals.size() > 1 ? positionals.get(1).text() : "";
    boolean copy =
        switch (program) {
          case "aws" -> first.equals("s3") && COPY_VERBS.contains(second);
          case "gcloud" -> first.equals("storage") && COPY_VERBS.contains(second);
          case "bq" -> first.equals("extract");
          case "gsutil", "s3cmd", "mc", "azcopy", "rclone" ->
              COPY_VERBS.contains(first) || first.equals("copyto") || first.equals("put");
          default -> true; // scp, rsync
        };
    if (!copy) {
      return false;
    }
    if (positionals.size() < 2) {
      return false;
    }
    String to = positionals.get(positionals.size() - 1).text();
    if (!remote(program, to)) {
      return false;
    }
    for (int i = 0; i < positionals.size() - 1; i++) {
      String from = positionals.get(i).text();
      if (!remote(program, from) && which.test(from)) {
        return true;
      }
    }
    return false;
  }

  private static final Set<String> COPY_VERBS =
      NameSet.of("cp", "sync", "mv", "rsync", "copy", "move");

  private static boolean remote(String program, String operand) {
    if (operand.startsWith("file:")) {
      return false;
    }
    if (operand.contains("://")) {
      String host = Hosts.of(operand);
      return operand.startsWith("s3://")
          || operand.startsWith("gs://")
          || operand.startsWith("az://")
          || host == null
          || !ActsPredicates.local(host);
    }
    if (program.equals("rclone") || program.equals("scp") || program.equals("rsync")) {
      String host = Hosts.remote(operand);
      return host != null && !ActsPredicates.local(host) && !host.startsWith("/");
    }
    return program.equals("mc") && operand.indexOf('/') > 0 && !operand.startsWith(".");
  }

  private static boolean saas(String program, List<Word> args) {
    String first = args.isEmpty() ? "" : args.get(0).text();
    boolean upload =
        switch (program) {
          case "wandb" -> first.equals("artifact") || first.equals("sync") || first.equals("save");
          case "hf", "huggingface-cli" ->
              first.equals("upload") || first.equals("upload-large-folder");
          case "kaggle" -> first.equals("datasets") || first.equals("d");
          case "dvc" -> first.equals("push");
          default -> first.equals("gist") || first.equals("snippet") || first.equals("release");
        };
    if (!upload) {
      return false;
    }
    for (int i = 1; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("-") && !text.contains("://") && names(text)) {
        return true;
      }
    }
    return false;
  }

  /** Inline code that opens a file naming people's data and posts to another machine. */
  private static boolean codeSends(String code) {
    String c = code.length() > 16384 ? code.substring(0, 16384) : code;
    int open = c.indexOf("open(");
    boolean personal = false;
    while (open >= 0 && !personal) {
      int end = Math.min(c.length(), open + 200);
      int close = c.indexOf(')', open);
      personal = names(c.substring(open + 5, close > open ? Math.min(close, end) : end));
      open = c.indexOf("open(", open + 5);
    }
    if (!personal) {
      return false;
    }
    String lower = c.toLowerCase(Locale.ROOT);
    boolean posts =
        lower.contains(".post(")
            || lower.contains(".put(")
            || lower.contains("upload")
            || lower.contains("files=")
            || lower.contains("method");
    return posts && Hosts.firstElsewhere(lower) != null;
  }

  /**
   * A copier sending its standard input to another machine: {@code aws s3 cp - s3://…}, {@code
   * gsutil cp - gs://…}, {@code rclone rcat remote:f}, {@code ssh host 'cat > f'}.
   */
  private static boolean copiesInput(String program, List<Word> args) {
    List<String> positionals = new java.util.ArrayList<>();
    for (Word word : args) {
      if (!word.text().startsWith("-") || word.text().equals("-")) {
        positionals.add(word.text());
      }
    }
    if (positionals.isEmpty()) {
      return false;
    }
    String last = positionals.get(positionals.size() - 1);
    return switch (program) {
      case "rclone" -> positionals.get(0).equals("rcat") && remote(program, last);
      case "ssh" -> {
        String host = Hosts.of(positionals.get(0));
        yield host != null && !ActsPredicates.local(host);
      }
      default -> positionals.contains("-") && remote(program, last);
    };
  }

  /** Programs that capture the screen, the camera or a phone's screen into a file. */
  private static final Set<String> CAPTURES =
      NameSet.of(
          "scrot",
          "gnome-screenshot",
          "grim",
          "spectacle",
          "screencapture",
          "maim",
          "xwd",
          "flameshot",
          "fswebcam",
          "imagesnap",
          "screencap");

  /**
   * A command that captures the screen, the camera or a phone's screen ({@code import -window
   * root}, {@code scrot}, {@code adb exec-out screencap}, {@code ffmpeg -f x11grab}) and sends a
   * file to another machine: what the person's screen showed leaves.
   */
  private static String sendsCapture(Scan scan) {
    String source = scan.source();
    if (source == null) {
      return null;
    }
    List<Step> steps = scan.steps();
    boolean captured = false;
    for (Step step : steps) {
      String program = step.program();
      if (!captured) {
        captured = captures(program, step.args());
        continue;
      }
      List<Word> args = step.args();
      boolean sends =
          program.equals("curl") || program.equals("http") || program.equals("xh")
              ? httpSends(args, path -> true)
              : COPIERS.contains(program)
                  && copies(program, CopierOptions.operands(step), path -> true);
      if (sends) {
        return Scan.render(step.invocation()) + " after a capture of the screen or camera";
      }
    }
    return null;
  }

  private static boolean captures(String program, List<Word> args) {
    if (CAPTURES.contains(program)) {
      return true;
    }
    boolean screencap = false;
    boolean window = false;
    boolean grab = false;
    for (Word word : args) {
      String text = word.text();
      screencap |= text.equals("screencap") || text.equals("screenrecord");
      window |= text.equals("-window");
      grab |= text.equals("x11grab") || text.equals("avfoundation") || text.equals("gdigrab");
    }
    return switch (program) {
      case "adb" -> screencap;
      case "import" -> window;
      case "ffmpeg" -> grab;
      default -> false;
    };
  }

  private static final Set<String> LLM_CLIS =
      NameSet.of("llm", "sgpt", "aichat", "mods", "chatgpt", "openai");

  /**
   * A pipeline that reads a file or a table naming people's data and sends what it reads: to an
   * HTTP client's body from its input ({@code -d @-}, {@code -T -}) bound for another machine, or
   * to a command-line model client.
   */
  private static String pipesOut(Scan scan) {
    String source = scan.source();
    if (source == null || source.indexOf('|') < 0) {
      return null;
    }
    List<Step> steps = scan.steps();
    int sender = -1;
    for (int i = steps.size() - 1; i > 0 && sender < 0; i--) {
      Step step = steps.get(i);
      if (LLM_CLIS.contains(step.program()) || stdinSender(step)) {
        sender = i; // the last sender first: most pipelines have none, and no word is read then
      }
    }
    for (int i = 0; i < sender; i++) {
      for (Word word : steps.get(i).args()) {
        if (names(word.text())) {
          return Scan.render(steps.get(sender).invocation())
              + " sent what a pipeline read of people's data";
        }
      }
    }
    return null;
  }

  private static boolean stdinSender(Step step) {
    return stdinSender(step, false);
  }

  /**
   * Whether {@code step} sends its input elsewhere: a copier or ssh given {@code -}, curl, http or
   * xh given it as the body, to a host not this machine's, or where {@code urlVariables}, to a
   * variable named for a web address ({@code "$TEAMS_WEBHOOK_URL"}: {@link UnnamedToolExports}).
   */
  static boolean stdinSender(Step step, boolean urlVariables) {
    String program = step.program();
    if (COPIERS.contains(program) || program.equals("ssh")) {
      return copiesInput(program, step.args());
    }
    if (!program.equals("curl") && !program.equals("http") && !program.equals("xh")) {
      return false;
    }
    boolean stdin = !program.equals("curl");
    boolean remote = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String prior = i > 0 ? args.get(i - 1).text() : "";
      stdin |= text.equals("@-") || text.endsWith("=@-") || prior.equals("-T") && text.equals("-");
      if (text.contains("://")) {
        String host = Hosts.of(text);
        remote |= host == null || !ActsPredicates.local(host);
      } else if (urlVariables
          && !args.get(i).literal()
          && PatternLiterals.matches(URL_VARIABLE, text)) {
        remote = true; // "$TEAMS_WEBHOOK_URL": a web address kept in a variable
      }
    }
    return stdin && remote;
  }
}
