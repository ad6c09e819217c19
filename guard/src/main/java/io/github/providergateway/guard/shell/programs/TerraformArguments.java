package io.github.providergateway.guard.shell.programs;

import java.util.List;

/**
 * The arguments terraform (and OpenTofu) read from the environment: {@code TF_CLI_ARGS} for every
 * subcommand and {@code TF_CLI_ARGS_<subcommand>} for one, put after the subcommand as if written
 * there. {@code TF_CLI_ARGS_apply="-destroy -auto-approve" terraform apply} destroys every resource
 * of the state; read with its arguments, it is the {@code terraform apply -destroy} it runs.
 * Source: Terraform's "Environment Variables" (TF_CLI_ARGS and TF_CLI_ARGS_name).
 */
final class TerraformArguments {
  private TerraformArguments() {}

  /**
   * {@return the command {@code words} runs with the arguments its environment adds, as shell text;
   * or null when it is no terraform or nothing is added}
   *
   * @param words the command's words
   * @param values the values of the variables given on the command and set before it
   */
  static String withAdded(List<ProgramWord> words, Programs.Values values) {
    int start = afterEnv(words);
    if (start >= words.size()) {
      return null;
    }
    String program = basename(words.get(start).text());
    if (!program.equals("terraform") && !program.equals("tofu")) {
      return null;
    }
    int at = start + 1;
    while (at < words.size() && words.get(at).text().startsWith("-")) {
      at++; // -chdir=DIR and the other global options
    }
    if (at >= words.size()) {
      return null;
    }
    String subcommand = words.get(at).text();
    String every = value(words, values, "TF_CLI_ARGS");
    String one = value(words, values, "TF_CLI_ARGS_" + subcommand);
    if (every == null && one == null) {
      return null;
    }
    StringBuilder text = new StringBuilder(program).append(' ').append(subcommand);
    for (String added : new String[] {every, one}) {
      if (added != null) {
        text.append(' ').append(added);
      }
    }
    for (int i = at + 1; i < words.size(); i++) {
      text.append(" '").append(words.get(i).text().replace("'", "'\\''")).append('\'');
    }
    return text.toString();
  }

  /**
   * Where the program's word is: past {@code env}'s options and {@code NAME=value} words ({@code
   * env TF_CLI_ARGS_apply=-destroy terraform apply}), or 0.
   */
  private static int afterEnv(List<ProgramWord> words) {
    if (!basename(words.get(0).text()).equals("env")) {
      return 0;
    }
    int i = 1;
    while (i < words.size()) {
      String t = words.get(i).text();
      if (t.equals("-u") || t.equals("--unset") || t.equals("-C") || t.equals("--chdir")) {
        i += 2;
      } else if (t.startsWith("-") || t.indexOf('=') > 0) {
        i++;
      } else {
        break;
      }
    }
    return i;
  }

  /** The literal value of {@code name} given on the command, or set before it; or null. */
  private static String value(List<ProgramWord> words, Programs.Values values, String name) {
    ProgramWord given = values.assigned(name);
    if (given != null) {
      return given.literal() ? given.text() : null;
    }
    for (int i = 1; i < afterEnv(words); i++) { // env NAME=value: as an assignment before it
      ProgramWord word = words.get(i);
      if (word.literal() && word.text().startsWith(name + "=")) {
        return word.text().substring(name.length() + 1);
      }
    }
    ProgramWord known = values.known(name);
    return known != null && known.literal() ? known.text() : null;
  }

  private static String basename(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
