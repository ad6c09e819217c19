package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.home.ProjectConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code --watch} watches of a config (X-RELOAD-12): the config file, the files each entry's
 * command names, the trees of its {@code "watch"} list without {@code node_modules}, {@code .git},
 * {@code target} and hidden directories, within a bound; and whose a changed path is.
 */
class WatchedFilesTest {

  @TempDir Path dir;

  private WatchedFiles watched(String json, int maxDirectories) throws IOException {
    Path config = dir.resolve("providers.json");
    Files.writeString(config, json);
    ProjectConfig parsed = ProjectConfig.load(config);
    assertThat(parsed.problems()).isEmpty();
    return WatchedFiles.of(parsed, maxDirectories);
  }

  @Test
  void anEntrysFilesAreTheFilesItsCommandNamesNotItsProgramFromThePath() throws Exception {
    Path tools = Files.createDirectories(dir.resolve("tools"));
    Files.writeString(tools.resolve("greet.py"), "");
    Files.writeString(tools.resolve("run.sh"), "");
    Files.writeString(tools.resolve("other.py"), "");

    WatchedFiles watched =
        watched(
            """
            {"providers":[{"name":"greeter","transport":"stdio","cwd":"tools","command":["python3","greet.py","--flag","missing.py"]},
                          {"name":"runner","cwd":"tools","command":["./run.sh"]},
                          {"name":"fs","mcp":"stdio","command":["npx","-y","@modelcontextprotocol/server-filesystem","."]}]}""",
            WatchedFiles.MAX_DIRECTORIES);

    assertThat(watched.files())
        .containsOnlyKeys(tools.resolve("greet.py"), tools.resolve("run.sh"));
    assertThat(watched.directories()).containsExactly(dir, tools);
    assertThat(watched.hit(tools, tools.resolve("greet.py")))
        .isEqualTo(new WatchedFiles.Hit(false, Set.of("greeter")));
    assertThat(watched.hit(tools, tools.resolve("other.py"))).isEqualTo(WatchedFiles.Hit.NONE);
    assertThat(watched.hit(dir, dir.resolve("providers.json")))
        .isEqualTo(new WatchedFiles.Hit(true, Set.of()));
  }

  @Test
  void aWatchedTreeSkipsDependenciesBuildOutputAndHiddenDirectoriesAndEditorsFiles()
      throws Exception {
    Path src = Files.createDirectories(dir.resolve("app/src/lib"));
    Files.createDirectories(dir.resolve("app/node_modules/ws"));
    Files.createDirectories(dir.resolve("app/target/classes"));
    Files.createDirectories(dir.resolve("app/.git/objects"));

    WatchedFiles watched =
        watched(
            "{\"providers\":[{\"name\":\"app\",\"cwd\":\"app\",\"command\":[\"node\",\"main.mjs\"],\"watch\":[\".\"]}]}",
            WatchedFiles.MAX_DIRECTORIES);

    Path app = dir.resolve("app");
    assertThat(watched.trees()).containsOnlyKeys(app, app.resolve("src"), src);
    assertThat(watched.hit(src, src.resolve("util.mjs")))
        .isEqualTo(new WatchedFiles.Hit(false, Set.of("app")));
    assertThat(watched.hit(src, src.resolve(".util.mjs.swp"))).isEqualTo(WatchedFiles.Hit.NONE);
    assertThat(watched.hit(src, src.resolve("util.mjs~"))).isEqualTo(WatchedFiles.Hit.NONE);
  }

  @Test
  void pastTheBoundDirectoriesAreLeftOutAndSaidSo() throws Exception {
    for (int i = 0; i < 5; i++) {
      Files.createDirectories(dir.resolve("big/d" + i));
    }

    WatchedFiles watched =
        watched(
            "{\"providers\":[{\"name\":\"big\",\"cwd\":\"big\",\"command\":[\"node\",\"x.mjs\"],\"watch\":[\".\"]}]}",
            4);

    assertThat(watched.directories()).hasSize(4);
    assertThat(watched.leftOut()).as("the config's folder, big and two of its five").hasSize(3);
  }
}
