package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentDialects;
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
    List<String> ids = AgentDialects.ids();
    return String.join(", ", ids.subList(0, ids.size() - 1)) + " or " + ids.get(ids.size() - 1);
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
   * picocli's error for a word that names none of {@code words}, as it words one for an enum, so
   * that the person reads the choices.
   *
   * @param words the words taken
   * @param was the word given
   * @return the error's words
   */
  static String noneOf(List<String> words, String was) {
    return "expected one of " + words + " (case-sensitive) but was '" + was + "'";
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
      return settings.orElseThrow(
          () -> new CommandLine.TypeConversionException(noneOf(AgentDialects.ids(), word)));
    }
  }
}
