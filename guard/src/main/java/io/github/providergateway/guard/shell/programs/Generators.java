package io.github.providergateway.guard.shell.programs;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Programs that print shell set-up for the shell to run ({@code eval "$(ssh-agent -s)"}, {@code
 * eval "$(direnv hook bash)"}): variable assignments, exports, function definitions and
 * completions, which their authors publish for exactly this use. Read by what they emit, they are
 * allowed where other computed code is asked about (issue 60). A program is one only with the
 * arguments listed: {@code pyenv init -} is, {@code pyenv exec x} is not.
 */
final class Generators {
  /** A generator's name and the first argument it takes; {@code ""} for none. */
  private static final Map<String, Set<String>> KNOWN =
      Map.ofEntries(
          Map.entry("ssh-agent", Set.of("", "-s", "-c")),
          Map.entry("direnv", Set.of("hook", "export")),
          Map.entry("pyenv", Set.of("init", "virtualenv-init", "sh-shell")),
          Map.entry("rbenv", Set.of("init")),
          Map.entry("nodenv", Set.of("init")),
          Map.entry("goenv", Set.of("init")),
          Map.entry("jenv", Set.of("init")),
          Map.entry("plenv", Set.of("init")),
          Map.entry("conda", Set.of("shell.bash", "shell.zsh", "shell.posix", "shell.fish")),
          Map.entry("brew", Set.of("shellenv")),
          Map.entry("dircolors", Set.of("", "-b", "-c", "--sh", "--bourne-shell")),
          Map.entry("zoxide", Set.of("init")),
          Map.entry("starship", Set.of("init")),
          Map.entry("atuin", Set.of("init")),
          Map.entry("mcfly", Set.of("init")),
          Map.entry("fnm", Set.of("env")),
          Map.entry("mise", Set.of("activate", "env")),
          Map.entry("rtx", Set.of("activate")),
          Map.entry("opam", Set.of("env", "config")),
          Map.entry("luarocks", Set.of("path")),
          Map.entry("keychain", Set.of("--eval")),
          Map.entry("minikube", Set.of("docker-env", "podman-env")),
          Map.entry("docker-machine", Set.of("env")),
          Map.entry("thefuck", Set.of("--alias")),
          Map.entry("go", Set.of("env")),
          Map.entry("register-python-argcomplete", Set.of("*")),
          Map.entry("kubectl", Set.of("completion")),
          Map.entry("helm", Set.of("completion")),
          Map.entry("gh", Set.of("completion")),
          Map.entry("npm", Set.of("completion")),
          Map.entry("pip", Set.of("completion")),
          Map.entry("poetry", Set.of("completions")),
          Map.entry("rustup", Set.of("completions")),
          Map.entry("fzf", Set.of("--bash", "--zsh")),
          Map.entry("locale", Set.of("")),
          Map.entry("resize", Set.of("")));

  private Generators() {}

  /** {@return whether {@code program} is a generator's name, with whatever arguments} */
  static boolean isName(String program) {
    return KNOWN.containsKey(program);
  }

  /** {@return whether {@code program args} is a known generator of shell set-up} */
  static boolean known(String program, List<String> args) {
    Set<String> first = KNOWN.get(program);
    if (first == null) {
      return false;
    }
    return first.contains("*") || first.contains(args.isEmpty() ? "" : args.get(0));
  }
}
