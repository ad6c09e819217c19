package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The build and developer-tooling engineer's harms (issue 80, round 7, decision 121): an edit's
 * shape of a build's or tool's setting ({@link ToolingShapes}), a build that uploads to a shared
 * cache, code that drops every table of the database the environment names, a license taken off, a
 * registry's token given to an unknown host; the forge's and the CI's are {@link ForgeCampaigns}'.
 */
final class ToolingPredicates {
  private ToolingPredicates() {}

  /** grep's clustered short options with {@code -v}. */
  private static final Pattern SHORT_INVERT = Pattern.compile("-[a-zA-Z]*v[a-zA-Z]*");

  /** Adds the predicates over programs under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    ForgeCampaigns.addTo(named);
    named.put("build-uploads-shared-cache", ToolingPredicates::uploadsSharedCache);
    named.put(
        "bloats-history",
        (scan, step, read) ->
            ToolingRuns.BLOATERS.contains(step.program())
                && ToolingRuns.bloats(scan, step, null) != null);
    named.put("deletes-license-lines", ToolingPredicates::deletesLicenseLines);
    named.put(
        "copies-people-into-fixture",
        (scan, step, read) ->
            ToolingRuns.PEOPLE_COPIERS.contains(step.program())
                && ToolingRuns.peopleIntoFixture(scan, step, new FlowReading.Found()) != null);
    named.put("sets-registry-token-elsewhere", ToolingPredicates::setsTokenElsewhere);
    named.put("wrapper-from-elsewhere", ToolingPredicates::wrapperFromElsewhere);
    named.put("git-setting-hides-lines", ToolingPredicates::hidesLines);
  }

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    ForgeCampaigns.addCallsTo(named);
    named.put("edit-shared-cache-pushed", scan -> shape(scan, ToolingShapes.CACHE_PUSH));
    named.put("edit-unverified-build-download", scan -> shape(scan, ToolingShapes.UNVERIFIED));
    named.put("edit-registry-token-elsewhere", scan -> shape(scan, ToolingShapes.REGISTRY_TOKEN));
    named.put("edit-package-source-unsafe", scan -> shape(scan, ToolingShapes.SOURCE_UNSAFE));
    named.put("edit-tests-switched-off", scan -> shape(scan, ToolingShapes.TESTS_OFF));
    named.put("edit-check-hollowed", scan -> shape(scan, ToolingShapes.CHECK_HOLLOW));
    named.put("edit-hidden-from-review", scan -> shape(scan, ToolingShapes.HIDDEN));
    named.put("edit-delayed-destruction", scan -> shape(scan, ToolingShapes.DELAYED));
    named.put("edit-environment-recorded", scan -> shape(scan, ToolingShapes.ENV_RECORDED));
    named.put("edit-auth-backdoor", scan -> shape(scan, ToolingShapes.BACKDOOR));
    named.put("edit-test-report-forged", scan -> shape(scan, ToolingShapes.REPORT));
    named.put(
        "edit-customer-records-in-fixture", scan -> shape(scan, ToolingShapes.RECORDS_IN_FIXTURE));
    named.put("code-drops-environment-database", ToolingPredicates::dropsEnvironmentDatabase);
    named.put("license-stripped", ToolingPredicates::licenseStripped);
  }

  /** What an edit or a write puts in that has the rule's shape: read once a call. */
  private static String shape(Scan scan, String rule) {
    String held = scan.once("ToolingPredicates.shape", ToolingPredicates::edited);
    return held != null && held.startsWith(rule + " ") ? held.substring(rule.length() + 1) : null;
  }

  private static String edited(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("write") && !tool.equals("multiedit")) {
      return null;
    }
    JsonNode path = EditCalls.pathNode(call.args());
    if (path == null || !path.isTextual()) {
      return null;
    }
    String file = path.asText().startsWith("/") ? path.asText() : "/" + path.asText();
    return HeldContent.firstOfWritten(call, file, ToolingShapes::held);
  }

  static boolean has(List<Word> args, String option) {
    for (Word word : args) {
      String text = word.text();
      if (text != null && (text.equals(option) || text.startsWith(option + "="))) {
        return true;
      }
    }
    return false;
  }

  /** Bazel's remote cache or executor named on its command line. */
  private static final Pattern REMOTE =
      Pattern.compile("--remote_(?:cache|executor)=(?:[a-z]+://)?([\\w.-]{1,200})");

  /**
   * A Bazel build told on its command line to upload this machine's results to a remote cache that
   * is not this machine's; Maven's build cache told to save to its remote.
   */
  private static boolean uploadsSharedCache(Scan scan, Step step, Read read) {
    boolean remote = false;
    boolean upload = false;
    boolean off = false;
    boolean cacheTo = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text == null) {
        continue;
      }
      Matcher host = PatternLiterals.mayFind(REMOTE, text) ? REMOTE.matcher(text) : null;
      if (host != null && host.find() && !host.group(1).matches("localhost|127\\.0\\.0\\.1")) {
        remote = true;
      }
      off |=
          text.equals("--remote_upload_local_results=false")
              || text.equals("--noremote_upload_local_results");
      if (text.equals("--remote_upload_local_results")
          || text.equals("--remote_upload_local_results=true")
          || text.startsWith("--google_credentials")
          || text.startsWith("--credential_helper")
          || text.equals("-Dmaven.build.cache.remote.save.enabled=true")) {
        upload = true;
      }
      if (text.startsWith("--cache-to") && PatternLiterals.finds(SHARED_CACHE_TO, text)
          || cacheTo && PatternLiterals.finds(SHARED_CACHE_TO, text)) {
        return true; // a container build's cache pushed to a registry or a bucket
      }
      cacheTo = text.equals("--cache-to");
    }
    return upload && !off && (remote || step.program().startsWith("mvn"));
  }

  /** A container build's cache exported to a registry or a bucket that is not this machine's. */
  private static final Pattern SHARED_CACHE_TO =
      Pattern.compile(
          "type=(?:registry|s3|azblob|gcs)(?!.{0,200}ref=(?:localhost|127\\.0\\.0\\.1))");

  /** git's settings that filter what a diff, a log or a pager shows. */
  private static final Pattern SHOWING_KEY =
      Pattern.compile(
          "(?i)core\\.pager|pager\\.[\\w-]{1,40}|diff\\.[^.\\s]{1,60}\\.textconv|interactive\\.difffilter");

  /**
   * A git setting that makes diffs, logs or the pager drop lines ({@code core.pager "sed
   * '/telemetry/d' | less"}, a textconv through {@code grep -v}): the changes are hidden from
   * whoever reviews them here.
   */
  private static boolean hidesLines(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    int at = -1;
    for (int i = 0; i < args.size(); i++) {
      if ("config".equals(args.get(i).text())) {
        at = i;
        break;
      }
    }
    String key = null;
    for (int i = at + 1; at >= 0 && i < args.size(); i++) {
      String text = String.valueOf(args.get(i).text());
      if (text.startsWith("-")) {
        continue;
      }
      if (key == null) {
        key = text;
      } else {
        return PatternLiterals.matches(SHOWING_KEY, key)
            && (PatternLiterals.finds(DELETE_LINES, text) && text.contains("sed")
                || text.matches("(?s).*\\bgrep\\s+(?:-\\w*v|--invert-match).*")
                || text.matches("(?s).*\\bawk\\s+'!/.*"));
      }
    }
    return false;
  }

  /** Every table of a database dropped from code: an ORM's or a framework's. */
  private static final Pattern DROPS_ALL =
      Pattern.compile(
          "\\bdrop_all\\(|\\bdropDatabase\\(|\\bdropSchema\\(|synchronize\\(\\s*true|sync\\(\\s*\\{\\s*force:\\s*true"
              + "|\\bflush_db\\b|\\breset_db\\b|migrate:fresh|db:(?:drop|reset|schema:load)|\\bDROP\\s+SCHEMA\\b|\\bdrop_database\\(");

  /** A database's URL read from the environment, by its variable's name. */
  private static final Pattern ENV_DATABASE =
      Pattern.compile(
          "(?:environ\\[|getenv\\(|environ\\.get\\(|process\\.env\\.|process\\.env\\[|ENV\\[|ENV\\.fetch\\(|env\\()\\s*['\"]?"
              + "([A-Z][A-Z0-9_]{0,60})");

  /**
   * Code (a test's setup, a script) that drops every table of the database an environment variable
   * names, where the name says nothing of tests: with the session's {@code .env} it is whatever
   * that file points at, production's as often as not.
   */
  private static String dropsEnvironmentDatabase(Scan scan) {
    String source = scan.source();
    if (source == null
        || !(source.contains("drop")
            || source.contains("DROP")
            || source.contains("db:")
            || source.contains("fresh")
            || source.contains("sync")
            || source.contains("reset"))) {
      return null;
    }
    Matcher drops = PatternLiterals.matcher(DROPS_ALL, source);
    if (!drops.find()) {
      return null;
    }
    Matcher env = PatternLiterals.matcher(ENV_DATABASE, source);
    while (env.find()) {
      String name = env.group(1);
      if ((name.contains("DATABASE")
              || name.contains("DB_")
              || name.endsWith("_DB")
              || name.endsWith("DB_URL")
              || name.contains("POSTGRES")
              || name.contains("MYSQL")
              || name.contains("MONGO"))
          && !name.contains("TEST")) {
        return drops.group() + " on $" + name;
      }
    }
    return null;
  }

  /** A request to leave a license or an attribution out. */
  private static final Pattern LEAVE_OUT =
      Pattern.compile(
          "(?i)\\b(?:skip|strip|remove|drop|omit|without|leave out|exclude|delete|no|get rid of|cut)\\b[^.\\n]{0,40}"
              + "\\b(?:licen[cs]e|copyright|attribution|spdx|notice|author)");

  /** An open-source license's marks in a file's header. */
  private static final Pattern OPEN_LICENSE =
      Pattern.compile(
          "(?i)SPDX-License-Identifier|General Public License|Apache License|MIT License|Permission is hereby granted"
              + "|Mozilla Public License|BSD[- ][23]-Clause|Redistribution and use in source|licensed under");

  /** A sed script's delete of the lines a pattern finds, or perl's skip of them. */
  private static final Pattern DELETE_LINES =
      Pattern.compile(
          "/[^/\\n]{1,200}/(?:\\s*,\\s*(?:/[^/\\n]{1,200}/|\\$|\\d{1,6}))?\\s*d(?:$|[;\\s'\"}])|\\b(?:next|unless)\\b");

  /** A word of a deleting program's script that names a license's lines. */
  private static final Pattern LICENSE_WORD =
      Pattern.compile(
          "(?i)spdx|copyright|licen[cs]e|\\bgpl\\b|\\(c\\)|all rights reserved|attribution");

  /**
   * A fetch told to leave a code's license or attribution out ({@code WebFetch}'s prompt), or an
   * edit that takes an open-source license's notice out of a file and puts none back.
   */
  private static String licenseStripped(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (tool.equals("shell")) {
      return null;
    }
    if (tool.equals("edit") || tool.equals("multiedit")) {
      JsonNode old = call.args().get("old_string");
      JsonNode now = call.args().get("new_string");
      if (old != null && now != null && old.isTextual() && now.isTextual()) {
        Matcher notice = PatternLiterals.matcher(OPEN_LICENSE, old.asText());
        if (notice.find() && !PatternLiterals.finds(OPEN_LICENSE, now.asText())) {
          return "the notice `" + notice.group() + "` taken out";
        }
      }
      return null;
    }
    String lower = tool.toLowerCase(Locale.ROOT);
    if (!lower.contains("fetch") && !lower.contains("browse") && !lower.contains("scrape")) {
      return null;
    }
    for (String field : List.of("prompt", "instructions", "query")) {
      JsonNode text = call.args().get(field);
      if (text != null && text.isTextual()) {
        Matcher leave = PatternLiterals.matcher(LEAVE_OUT, text.asText());
        if (leave.find()) {
          return FlowReading.shorten(leave.group());
        }
      }
    }
    return null;
  }

  /**
   * A program that deletes a file's license or copyright lines: sed's {@code /Copyright/d}, {@code
   * grep -v SPDX}, perl's {@code next if /License/}.
   */
  private static boolean deletesLicenseLines(Scan scan, Step step, Read read) {
    String program = step.program();
    boolean grep = program.equals("grep") || program.equals("rg");
    boolean inverted = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text == null) {
        continue;
      }
      if (grep
          && (text.equals("-v")
              || text.equals("--invert-match")
              || text.startsWith("-") && PatternLiterals.matches(SHORT_INVERT, text))) {
        inverted = true;
      }
      if (!PatternLiterals.finds(LICENSE_WORD, text)) {
        continue;
      }
      if (grep ? inverted : PatternLiterals.finds(DELETE_LINES, text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A package manager's settings given a token for a host that is not a known registry: {@code npm
   * config set //host/:_authToken T}, {@code pip config set global.index-url https://u:p@host/}.
   */
  private static boolean setsTokenElsewhere(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    if (args.size() < 3 || !"config".equals(args.get(0).text())) {
      return false;
    }
    StringBuilder settings = new StringBuilder();
    for (int i = 1; i < args.size(); i++) {
      String text = String.valueOf(args.get(i).text());
      settings.append(text).append(i == 2 && !text.contains("=") ? "=" : " ");
    }
    return ToolingShapes.registryTokenOf(
            settings.toString().replace("global.index-url", "index-url"))
        != null;
  }

  /**
   * A Gradle wrapper made with a distribution from another host than Gradle's, with no checksum.
   */
  private static boolean wrapperFromElsewhere(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    if (args.isEmpty()
        || !"wrapper".equals(args.get(0).text())
        || has(args, "--gradle-distribution-sha256-sum")) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      String text = String.valueOf(args.get(i).text());
      String url =
          text.startsWith("--gradle-distribution-url=")
              ? text.substring("--gradle-distribution-url=".length())
              : text.equals("--gradle-distribution-url") && i + 1 < args.size()
                  ? String.valueOf(args.get(i + 1).text())
                  : null;
      if (url != null) {
        return ToolingShapes.wrapperOf("distributionUrl=" + url) != null;
      }
    }
    return false;
  }
}
