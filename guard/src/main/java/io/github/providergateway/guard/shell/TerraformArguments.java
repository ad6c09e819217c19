package io.github.providergateway.guard.shell;

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
   * {@return the command {@code raw} runs with the arguments its environment adds, as shell text;
   * or null when it is no terraform or nothing is added}
   *
   * @param raw the command
   * @param variables the variables set before it in the same command
   */
  static String withAdded(RawCommand raw, Variables variables) {
    int start = afterEnv(raw);
    if (start >= raw.words.size()) {
      return null;
    }
    String program = Resolver.basename(raw.words.get(start).text());
    if (!program.equals("terraform") && !program.equals("tofu")) {
      return null;
    }
    int at = start + 1;
    while (at < raw.words.size() && raw.words.get(at).text().startsWith("-")) {
      at++; // -chdir=DIR and the other global options
    }
    if (at >= raw.words.size()) {
      return null;
    }
    String subcommand = raw.words.get(at).text();
    String every = value(raw, variables, "TF_CLI_ARGS");
    String one = value(raw, variables, "TF_CLI_ARGS_" + subcommand);
    if (every == null && one == null) {
      return null;
    }
    StringBuilder text = new StringBuilder(program).append(' ').append(subcommand);
    for (String added : new String[] {every, one}) {
      if (added != null) {
        text.append(' ').append(added);
      }
    }
    for (int i = at + 1; i < raw.words.size(); i++) {
      text.append(" '").append(raw.words.get(i).text().replace("'", "'\\''")).append('\'');
    }
    return text.toString();
  }

  /**
   * Where the program's word is: past {@code env}'s options and {@code NAME=value} words ({@code
   * env TF_CLI_ARGS_apply=-destroy terraform apply}), or 0.
   */
  private static int afterEnv(RawCommand raw) {
    if (!Resolver.basename(raw.words.get(0).text()).equals("env")) {
      return 0;
    }
    int i = 1;
    while (i < raw.words.size()) {
      String t = raw.words.get(i).text();
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
  private static String value(RawCommand raw, Variables variables, String name) {
    for (RawCommand.Assignment assignment : raw.assignments) {
      if (assignment.name().equals(name) && assignment.value() != null) {
        return assignment.value().literal() ? assignment.value().text() : null;
      }
    }
    for (int i = 1; i < afterEnv(raw); i++) { // env NAME=value: as an assignment before it
      Word word = raw.words.get(i);
      if (word.literal() && word.text().startsWith(name + "=")) {
        return word.text().substring(name.length() + 1);
      }
    }
    Word known = variables.value(name);
    return known != null && known.literal() ? known.text() : null;
  }
}
