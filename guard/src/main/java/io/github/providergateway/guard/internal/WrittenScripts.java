package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Scripts a session writes and runs, for the flow rules: a file whose text sends data (written by
 * the edit tool, a here-document, {@code echo}, {@code printf} or {@code tee}, or copied from one)
 * is remembered, and running it later (by its path, through an interpreter, {@code source}, {@code
 * .}, {@code bash < file}) is sending. What a script written some other way holds, or what {@code
 * npm run} and {@code make} run, is not seen.
 */
final class WrittenScripts {

  /** A script's text that reaches another machine. */
  static final Pattern SENDS =
      Pattern.compile(
          "(?i)\\b(?:curl|wget|nc|ncat|netcat|socat|scp|rsync|sftp|ftp|ssh|telnet|rclone)\\b"
              + "|\\bgit\\s+push\\b|\\bfetch\\s*\\(|\\bhttps?\\.request|XMLHttpRequest|sendBeacon"
              + "|WebSocket|\\bsocket\\b|dgram|requests\\.|httpx\\.|urllib|http\\.client|axios"
              + "|Net::HTTP|TCPSocket|fsockopen|curl_exec|/dev/tcp/|/dev/udp/");

  private static final Set<String> COPIES = NameSet.of("cp", "mv", "ln", "install", "rsync");

  private static final Set<String> PRINTERS = NameSet.of("echo", "printf");

  private static final Set<String> SOURCES = NameSet.of("source", ".");

  /**
   * Words, lower-cased, one of which every text {@link #SENDS} or {@link InlineFlows#SENDS} finds
   * holds (each pattern's alternatives checked against them in WrittenScriptsTest): most files a
   * command writes hold none, and are not searched by the patterns, each tried at every position.
   */
  static final List<String> SEND_WORDS =
      List.of(
          "curl",
          "wget",
          "nc",
          "netcat",
          "socat",
          "scp",
          "rsync",
          "ftp",
          "ssh",
          "telnet",
          "rclone",
          "git",
          "fetch",
          "http",
          "request",
          "sendbeacon",
          "socket",
          "dgram",
          "urllib",
          "axios",
          "fsockopen",
          "/dev/tcp/",
          "/dev/udp/",
          "urlopen",
          "method",
          ".post(",
          ".put(",
          "body",
          ".connect",
          "smtp",
          "sendmail",
          "lwp",
          "stream_context_create");

  /**
   * Runners whose first word not an option is a script, as for interpreters; a batch scheduler's
   * submission runs its job script on the cluster ({@code sbatch jobs/stage_out.sbatch}, {@code
   * qsub}, {@code bsub < job.sh}: decision 233).
   */
  private static final Set<String> SCRIPT_RUNNERS =
      NameSet.of(
          "node",
          "deno",
          "bun",
          "tsx",
          "ts-node",
          "npx",
          "bunx",
          "zx",
          "vite-node",
          "esno",
          "sbatch",
          "qsub",
          "bsub");

  /** The runners {@code npx} starts whose next word is the script ({@code npx zx f.mjs}). */
  private static final Set<String> RUNNER_PACKAGES =
      NameSet.of("zx", "tsx", "ts-node", "vite-node", "esno", "jiti");

  /** An interpreter's option that gives inline code or a module, not a script. */
  private static final Pattern INLINE_OPTION = Pattern.compile("-[A-Za-z]*[cepr]|--eval|-m");

  private WrittenScripts() {}

  /** The text an edit tool writes: a script that sends, remembered by its path. */
  static void edited(Scan scan, CallForRules call, Found found) {
    JsonNode path = EditCalls.pathNode(call.args());
    if (path == null || !path.isTextual()) {
      return;
    }
    String file = path.asText();
    if (!file.startsWith("/") && call.cwd() != null) {
      file = call.cwd().resolve(file).normalize().toString();
    }
    String replaced = EditCalls.text(call.args(), "old_string", "old_str");
    for (String field : List.of("content", "new_string", "text", "new_str", "file_text")) {
      JsonNode text = call.args().get(field);
      if (text != null && text.isTextual()) {
        if (!sentBefore(replaced, text.asText(), field)) {
          written(file, text.asText(), found);
        }
        GitConfigRemotes.written(file, text.asText(), replaced, found); // remotes re-pointed
        RecordsArrived.edited(file, text.asText(), found);
        HeldContent.judge(
            scan,
            file,
            text.asText(),
            !field.equals("new_string") && !field.equals("new_str"),
            found);
      }
    }
    AggregateReports.edited(file, call.args(), found);
  }

  /** A file a command writes with a here-document, echo, printf or tee; a copy of a script. */
  static void redirected(Scan scan, Step step, Found found) {
    if (COPIES.contains(step.program())) {
      copied(scan, step, found);
    }
    String body = null;
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        body = redirect.body();
      }
    }
    if (body == null && PRINTERS.contains(step.program())) {
      StringBuilder text = new StringBuilder();
      for (Word word : step.args()) {
        text.append(word.text()).append(' ');
      }
      body = text.toString();
    }
    if (body == null) {
      return;
    }
    List<Word> targets = new ArrayList<>();
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes()) {
        targets.add(redirect.target());
      }
    }
    if (step.program().equals("tee")) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-")) {
          targets.add(word);
        }
      }
    }
    for (Word word : targets) {
      for (Target target : scan.targets(step, word)) {
        if (target.known()) {
          written(target.path().toString(), body, found);
          HeldContent.judge(scan, target.path().toString(), body, false, found);
        }
      }
    }
  }

  private static void copied(Scan scan, Step step, Found found) {
    List<Word> operands = new ArrayList<>();
    for (Word word : step.args()) {
      if (!word.text().startsWith("-")) {
        operands.add(word);
      }
    }
    if (operands.size() < 2) {
      return;
    }
    List<Target> to = scan.targets(step, operands.get(operands.size() - 1));
    for (Word source : operands.subList(0, operands.size() - 1)) {
      for (Target from : scan.targets(step, source)) {
        for (Target target : to) {
          if (from.known() && target.known() && found.copies().size() < 16) {
            found.copies().put(from.path().toString(), target.path().toString());
          }
        }
      }
    }
  }

  /** The files a program runs: itself by a path, an interpreter's script, what it sources. */
  static void runs(Scan scan, Step step, Found found) {
    for (Word script : files(step)) {
      for (Target target : scan.targets(step, script)) {
        if (target.known() && found.runs().size() < 32) {
          found.runs().add(target.path().toString());
        }
      }
    }
  }

  /**
   * The words that name the files a program runs: itself by a path ({@code ./run.sh}), an
   * interpreter's or a shell's script ({@code python3 f.py}, {@code sh s.sh}), what {@code source}
   * and {@code .} read, and a shell's standard input from a file ({@code bash < f}).
   */
  static List<Word> files(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return List.of();
    }
    List<Word> scripts = new ArrayList<>();
    String program = step.program();
    if (words.get(0).text().contains("/")) {
      scripts.add(words.get(0)); // and, for /bin/sh s.sh, its script below
    }
    if (SOURCES.contains(program)) {
      if (!step.args().isEmpty()) {
        scripts.add(step.args().get(0));
      }
    } else if (step.interpreter() || SCRIPT_RUNNERS.contains(program)) {
      for (Word word : step.args()) {
        String text = word.text();
        if (PatternLiterals.matches(INLINE_OPTION, text)) {
          break; // inline code or a module, read elsewhere
        }
        if (!text.startsWith("-") && !text.equals("run") && !RUNNER_PACKAGES.contains(text)) {
          scripts.add(word);
          break;
        }
      }
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.operator().equals("<")) {
          scripts.add(redirect.target()); // bash < file
        }
      }
    }
    return scripts;
  }

  /**
   * Whether a text holds one of {@link #SEND_WORDS}, its ASCII letters read as lower-case (as the
   * patterns' {@code (?i)} reads them): a text that holds none is no match of either.
   */
  static boolean mayReach(String text) {
    char[] lower = new char[text.length()];
    for (int i = 0; i < lower.length; i++) {
      char c = text.charAt(i);
      lower[i] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
    }
    String folded = new String(lower);
    for (int i = 0; i < SEND_WORDS.size(); i++) {
      if (folded.contains(SEND_WORDS.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an edit's text sends only as the text it replaces sent (decision 333: paging added to a
   * client's {@code requests.get(url, …)}): the same ways of sending, to the same host, and no
   * write (a POST, a PUT, an upload) the old text lacked. Such an edit adds no sending to the file;
   * a whole file written is always read.
   */
  private static boolean sentBefore(String old, String now, String field) {
    if (old == null || !field.equals("new_string") && !field.equals("new_str")) {
      return false;
    }
    java.util.Set<String> before = ways(old);
    if (before.isEmpty()
        || !before.containsAll(ways(now))
        || !java.util.Objects.equals(Hosts.firstElsewhere(old), Hosts.firstElsewhere(now))) {
      return false;
    }
    java.util.regex.Matcher writes = WRITES.matcher(now);
    while (writes.find()) {
      if (!old.toLowerCase(java.util.Locale.ROOT)
          .contains(writes.group().toLowerCase(java.util.Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }

  /** A request that writes: a POST, a PUT, a PATCH, an upload, a body. */
  private static final Pattern WRITES =
      Pattern.compile("(?i)\\b(?:post|put|patch|upload|send|data|json|files|body)\\b");

  /** The ways of sending a text holds ({@link #SENDS}), in lower case. */
  private static java.util.Set<String> ways(String text) {
    java.util.Set<String> ways = new java.util.HashSet<>();
    java.util.regex.Matcher send = SENDS.matcher(text);
    while (send.find() && ways.size() < 16) {
      ways.add(send.group().toLowerCase(java.util.Locale.ROOT));
    }
    return ways;
  }

  private static void written(String path, String text, Found found) {
    if (found.writesSenders().size() >= 16) {
      return;
    }
    boolean sends =
        mayReach(text)
            && (PatternLiterals.finds(SENDS, text) || InlineFlows.SENDS.matcher(text).find());
    if (!sends || Hosts.onlyLoopback(text)) {
      return; // a script that only reaches this machine sends nothing out
    }
    found.writesSenders().put(path, Hosts.firstElsewhere(text));
  }
}
