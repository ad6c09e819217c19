package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The guard's own ground in the text of a script it cannot parse as the shell's (a Python, Node,
 * Perl or Ruby script a command runs, or a shell script past the parser's bounds): what such a
 * script holds is not read as programs, so it is read for the ground alone (issue 75). The
 * gateway's home by its path (absolute, from {@code ~} or {@code $HOME}, or its folders joined in
 * code: {@code path.join(os.homedir(), '.copilot', 'extensions', 'tap')}) or {@code TAP_HOME}; its
 * sockets and token files by name; the gateway's commands that lower protection and its console and
 * the rest only the person runs ({@code ["gateway", "stop"]}, {@code gateway setup}); its routes on
 * its port ({@link GatewayDoors#inText}); keys pushed into a terminal ({@link
 * TerminalTyping#inText}). An ordinary script names none of these, so its ordinary content is not
 * asked about.
 */
final class GroundText {
  private static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private GroundText() {}

  /**
   * What a script holds of the ground.
   *
   * @param rule the rule it matches
   * @param what what was found, as the person reads it
   */
  record Found(BuiltinRule rule, String what) {}

  /** The gateway's socket and token files, by their names. */
  private static final List<String> SOCKETS = List.of("hook.sock", "mcp.sock");

  private static final List<String> TOKENS = List.of(".provider-token", "mcp-bridge.token");

  /** The gateway's program as a script names it, with what follows: its subcommand. */
  private static final Pattern GATEWAY_COMMAND =
      Pattern.compile(
          "(?:^|[\\s'\"`/(\\[,;])(?:provider-)?gateway['\"`]?((?:[\\s,'\"`\\[\\]()]+[-\\w.=/]+){1,4})");

  /**
   * The ground a script's text names, or {@code null}.
   *
   * @param scan the call's scan
   * @param text the script
   * @return the first thing of the ground found
   */
  static Found in(Scan scan, String text) {
    String home = namesHome(scan.places(), text);
    if (home != null) {
      return new Found(SELF, "the gateway's home (" + home + ")");
    }
    for (String name : TOKENS) {
      if (text.contains(name)) {
        return new Found(GATEWAY_TOKEN, "the gateway's token file " + name);
      }
    }
    for (String name : SOCKETS) {
      if (text.contains(name)) {
        return new Found(SELF, "the gateway's socket " + name);
      }
    }
    String command = gatewayCommand(text);
    if (command != null) {
      return new Found(SELF, command);
    }
    String door = GatewayDoors.inText(scan, text);
    if (door == null) {
      door = TerminalTyping.inText(text);
    }
    if (door == null) {
      door = MarksShed.inCode(text);
    }
    return door == null ? null : new Found(SELF, door);
  }

  /** The gateway's home or one of its files as the text names it, or {@code null}. */
  private static String namesHome(Places places, String text) {
    Path home = places.gatewayHome();
    List<String> forms = new ArrayList<>();
    forms.add(home.toString());
    forms.add("TAP_HOME");
    for (Path file : places.gatewayFiles()) {
      forms.add(file.toString());
    }
    for (String form : forms) {
      if (text.contains(form)) {
        return form;
      }
    }
    if (!home.startsWith(places.home()) || home.equals(places.home())) {
      return null;
    }
    // From the user's home: ~/.copilot/extensions/tap, "$HOME/.copilot/extensions/tap", and the
    // same folders joined by code (os.path.join(home, '.copilot', 'extensions', 'tap')).
    Path relative = places.home().relativize(home);
    StringBuilder joined = new StringBuilder("(?<![\\w.-])");
    for (int i = 0; i < relative.getNameCount(); i++) {
      if (i > 0) {
        joined.append("[\\s'\"`,+/]{1,8}");
      }
      joined.append(Pattern.quote(relative.getName(i).toString()));
    }
    joined.append("(?![\\w-])");
    Matcher matcher = Pattern.compile(joined.toString()).matcher(text);
    return matcher.find() ? matcher.group() : null;
  }

  /**
   * {@code gateway stop}, {@code ["gateway", "attach"]}: the gateway's commands only the person or
   * an agent's own program runs ({@link PersonOnlyCommands}).
   */
  private static String gatewayCommand(String text) {
    if (!text.contains("gateway")) {
      return null;
    }
    Matcher matcher = GATEWAY_COMMAND.matcher(text);
    while (matcher.find()) {
      List<String> words = new ArrayList<>();
      for (String word : matcher.group(1).split("[\\s,'\"`\\[\\]()]+")) {
        if (!word.isEmpty()) {
          words.add(word);
        }
      }
      if (words.isEmpty()
          || !words.get(0).startsWith("-") && !PersonOnlyCommands.isSubcommand(words.get(0))) {
        continue; // prose about the gateway ("the gateway's setup"), not its command line
      }
      java.util.Optional<String> command = PersonOnlyCommands.of(words);
      if (command.isEmpty()) {
        command = PersonOnlyCommands.agentsOwn(words);
      }
      if (command.isPresent()) {
        return command.get();
      }
    }
    return null;
  }
}
