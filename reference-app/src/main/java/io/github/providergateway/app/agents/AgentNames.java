package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentDialects;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.cli.DidYouMean;
import io.github.providergateway.protocol.VisibleText;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * The agents' names where the command line reads or prints them (issue 63): every list of agents in
 * the app's help, and every "expected one of" error, comes from the dialects ({@link
 * AgentDialects}), so that adding an agent changes no help text by hand. A command's description
 * writes {@value #MARKER} where the names go ({@link #fillIn}); an option's writes picocli's {@code
 * ${COMPLETION-CANDIDATES}} and names {@link Agents} (or {@link AgentConfig.Targets}).
 */
public final class AgentNames {

  /** Where a command's description or footer lists the agents, as a sentence does. */
  public static final String MARKER = "{agents}";

  private AgentNames() {}

  /** {@return every agent's id as a sentence lists them: {@code claude, copilot ... or cursor}} */
  public static String sentence() {
    return sentence(AgentDialects.ids());
  }

  /**
   * Writes the agents' names where {@code root}'s commands, and theirs, say {@value #MARKER}: in
   * their descriptions and footers.
   *
   * @param root the app's command line
   */
  public static void fillIn(CommandLine root) {
    CommandLine.Model.UsageMessageSpec usage = root.getCommandSpec().usageMessage();
    usage.description(filled(usage.description()));
    usage.footer(filled(usage.footer()));
    root.getSubcommands().values().forEach(AgentNames::fillIn);
  }

  private static String[] filled(String[] lines) {
    String names = sentence();
    String[] filled = lines.clone();
    for (int i = 0; i < filled.length; i++) {
      filled[i] = filled[i].replace(MARKER, names);
    }
    return filled;
  }

  /**
   * The error for a word that names none of {@code words} (issue 77: {@code gateway setup cluade}
   * got picocli's "expected one of [...]" and no "did you mean"): the word, the one it was probably
   * meant for ({@link #meant}), and every word taken.
   *
   * @param noun what the words name: {@code agent}
   * @param words the words taken
   * @param was the word given
   * @return the error's words: {@code unknown agent 'cluade'; did you mean claude? It takes claude,
   *     copilot, gemini, codex or cursor}
   */
  static String noneOf(String noun, List<String> words, String was) {
    if (was == null) {
      return "no " + noun + " named; it takes " + sentence(words);
    }
    return "unknown "
        + noun
        + " '"
        + VisibleText.escape(was)
        + "'"
        + meant(was, words)
            .map(word -> "; did you mean " + word + "? It takes ")
            .orElse("; it takes ")
        + sentence(words);
  }

  /** {@return {@code words} as a sentence lists them: {@code a, b or c}} */
  private static String sentence(List<String> words) {
    return String.join(", ", words.subList(0, words.size() - 1))
        + " or "
        + words.get(words.size() - 1);
  }

  /**
   * {@return the word of {@code words} that {@code typed} was probably meant for: the closest one
   * ({@link DidYouMean}), or the agent a longer name holds ({@code claude-code} is {@code claude});
   * empty for none}
   *
   * @param typed what the person typed
   * @param words the words taken
   */
  public static Optional<String> meant(String typed, List<String> words) {
    return DidYouMean.closest(typed, words)
        .or(() -> AgentKind.namedIn(typed).map(AgentKind::word).filter(words::contains))
        .filter(word -> !word.equals(typed));
  }

  /**
   * A word that names no agent, as picocli's conversion error: the command line says it alone,
   * without picocli's "Invalid value for positional parameter at index 0 (AGENT)" before it.
   */
  public static final class Unknown extends CommandLine.TypeConversionException {

    private static final long serialVersionUID = 1L;

    /**
     * @param noun what the words name: {@code agent}
     * @param words the words taken
     * @param was the word given
     */
    public Unknown(String noun, List<String> words, String was) {
      super(noneOf(noun, words, was));
    }
  }

  /** Every agent's id, in the dialects' order: for help ({@code ${COMPLETION-CANDIDATES}}). */
  public static final class Agents implements Iterable<String> {

    /** Made by picocli. */
    public Agents() {}

    @Override
    public Iterator<String> iterator() {
      return AgentDialects.ids().iterator();
    }
  }

  /** An agent's id on the command line, as that agent's set-up. */
  static final class ToSettings implements CommandLine.ITypeConverter<AgentSettings> {

    @Override
    public AgentSettings convert(String word) {
      Optional<AgentSettings> settings = AgentSettingsRegistry.byId(word);
      return settings.orElseThrow(() -> new Unknown("agent", AgentDialects.ids(), word));
    }
  }
}
