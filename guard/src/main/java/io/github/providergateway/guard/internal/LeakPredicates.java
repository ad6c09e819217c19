package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the {@code leak.*} rules of the book ask of a call (issue 80, round 4): a credential written
 * out in a message to other people. A key of a known form ({@link OutRules#KEY}: {@code sk_live_},
 * {@code AKIA…}, {@code ghp_…}, {@code hf_…}, {@code hvs.…}) or a connection string with its
 * password, in what a tool that sends (a chat message, an issue, a comment, a post: an MCP tool
 * named for sending) or the forges' command lines ({@code gh issue comment --body}) carry to a
 * service. Setting a secret ({@code gh secret set}) is the one place a key is meant to go, and is
 * left alone.
 */
final class LeakPredicates {
  private LeakPredicates() {}

  /** The words in a tool's name that say it sends what it is given to people or a service. */
  private static final String[] SENDING = {
    "post",
    "send",
    "message",
    "comment",
    "reply",
    "tweet",
    "publish",
    "issue",
    "pull_request",
    "create_pr",
    "chat",
    "email",
    "mail",
    "share",
    "upload",
    "note",
    "ticket",
    "webhook",
    "page",
    "thread",
    "status",
    "toot",
    "discussion",
    "gist",
    "paste",
    "snippet"
  };

  /** The forges' command lines, and their subcommands that carry a text to a service. */
  private static final Set<String> FORGES = Set.of("gh", "glab", "tea", "hub");

  /** The forges' subcommands that store a secret where it belongs: never a leak. */
  private static final Set<String> SECRET_STORES = Set.of("secret", "variable", "auth");

  /** A connection string with a password: {@code postgres://app:Pr0dPass@db…}. */
  private static final Pattern CONNECTION =
      Pattern.compile(
          "(?i)\\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver)"
              + "://[^\\s:/@'\"]{1,64}:([^\\s@/'\"]{6,128})@");

  /** A password that stands for none: a placeholder or a variable. */
  private static final Pattern PLACEHOLDER =
      Pattern.compile(
          "(?i)\\$.*|<.*>|\\{.*\\}|\\*+|x+|\\.+|pass(?:word)?|secret|changeme|example|redacted"
              + "|your[_-]?\\w*|postgres|test|dummy");

  /** The most text of one call the predicate reads. */
  private static final int MAX_TEXT = 65_536;

  /** The AWS documentation's own example key, quoted in docs and issues alike. */
  private static final String DOCUMENTED_KEY = "AKIAIOSFODNN7EXAMPLE";

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("secret-in-message", LeakPredicates::secretInMessage);
  }

  /** What shape of credential a call sends to other people, as the reason shows it; or null. */
  static String secretInMessage(Scan scan) {
    CallForRules call = scan.call();
    if (call.args() != null && sends(call.tool())) {
      String found = inValues(call.args());
      return found == null ? null : call.tool() + " carries " + found;
    }
    for (Step step : scan.steps()) {
      if (!FORGES.contains(step.program())) {
        continue;
      }
      java.util.List<Word> args = step.args();
      if (!args.isEmpty() && SECRET_STORES.contains(args.get(0).text())) {
        continue;
      }
      for (Word word : args) {
        String found = shape(word.text());
        if (found != null) {
          return step.program()
              + (args.isEmpty() ? "" : " " + args.get(0).text())
              + " carries "
              + found;
        }
      }
    }
    return null;
  }

  /** Whether a tool's name says it sends: an MCP server's tool named for it. */
  private static boolean sends(String tool) {
    if (tool == null || tool.indexOf("__") < 0) {
      return false; // the agents' own tools write files or run commands: the other rules read them
    }
    String name = tool.toLowerCase(Locale.ROOT);
    for (String word : SENDING) {
      if (name.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** The first credential among a tool's textual arguments, at any depth, or null. */
  private static String inValues(JsonNode args) {
    Deque<JsonNode> next = new ArrayDeque<>();
    next.push(args);
    int read = 0;
    while (!next.isEmpty() && read < MAX_TEXT) {
      JsonNode node = next.pop();
      if (node.isTextual()) {
        String text = node.asText();
        read += text.length();
        String found = shape(text);
        if (found != null) {
          return found;
        }
      } else if (node.isContainerNode()) {
        node.forEach(next::push);
      }
    }
    return null;
  }

  /** The shape of the credential {@code text} holds, as the reason shows it; or null. */
  static String shape(String text) {
    String within = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    Matcher key = OutRules.KEY.matcher(within);
    while (key.find()) {
      String value = key.group();
      if (!value.equals(DOCUMENTED_KEY) && !value.equals("-----BEGIN")) {
        return "a key (" + value.substring(0, Math.min(8, value.length())) + "…)";
      }
      if (value.equals("-----BEGIN")
          && within
              .substring(key.end(), Math.min(within.length(), key.end() + 40))
              .contains("PRIVATE KEY")) {
        return "a private key";
      }
    }
    Matcher connection = CONNECTION.matcher(within);
    while (connection.find()) {
      if (!PLACEHOLDER.matcher(connection.group(1)).matches()) {
        return "a connection string with its password";
      }
    }
    return null;
  }
}
