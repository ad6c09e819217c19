package io.github.providergateway.benchmarks;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import javax.imageio.ImageIO;

/**
 * The "how cost grows" chart, drawn with {@code java.awt} (headless) and written with {@link
 * ImageIO}: one panel per quantity (calls/s, CPU per call, peak RSS), the count of providers or
 * sessions on a logarithmic x axis, one line per way of growing, each point the median of the runs
 * with a bar from the smallest to the largest run.
 */
final class ScalingPlot {

  static final int WIDTH = 1500;
  static final int HEIGHT = 600;

  /** A measured point: the median and the range of the runs. */
  record Point(double x, double median, double min, double max) {}

  /** One way of growing, e.g. "providers in one session". */
  record Series(String name, Color color, List<Point> points) {
    Series {
      points = points.stream().sorted(Comparator.comparingDouble(Point::x)).toList();
    }
  }

  /** One quantity: its title, y unit, and the series. */
  record Panel(String title, String yUnit, int decimals, List<Series> series) {}

  private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728)};

  private ScalingPlot() {}

  /** The colour of series {@code i}. */
  static Color color(int i) {
    return PALETTE[i % PALETTE.length];
  }

  /** Draws the chart and writes it to {@code png}. */
  static void write(Path png, String title, String xTitle, List<Panel> panels, String footnote)
      throws IOException {
    BufferedImage image = render(title, xTitle, panels, footnote);
    if (!ImageIO.write(image, "png", png.toFile())) {
      throw new IOException("no PNG writer in this JDK");
    }
  }

  static BufferedImage render(String title, String xTitle, List<Panel> panels, String footnote) {
    System.setProperty("java.awt.headless", "true");
    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, WIDTH, HEIGHT);
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
      g.drawString(title, 24, 34);
      legend(g, panels.isEmpty() ? List.of() : panels.get(0).series());
      int panelWidth = WIDTH / Math.max(1, panels.size());
      for (int i = 0; i < panels.size(); i++) {
        panel(g, panels.get(i), xTitle, i * panelWidth, 80, panelWidth, HEIGHT - 80 - 50);
      }
      g.setColor(Color.DARK_GRAY);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      g.drawString(footnote, 24, HEIGHT - 18);
    } finally {
      g.dispose();
    }
    return image;
  }

  private static void legend(Graphics2D g, List<Series> series) {
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
    int x = 24;
    for (Series s : series) {
      g.setColor(s.color());
      g.setStroke(new BasicStroke(2.5f));
      g.drawLine(x, 56, x + 28, 56);
      marker(g, series.indexOf(s), x + 14, 56);
      g.setColor(Color.BLACK);
      g.drawString(s.name(), x + 36, 61);
      x += 36 + g.getFontMetrics().stringWidth(s.name()) + 40;
    }
  }

  private static void panel(
      Graphics2D g, Panel panel, String xTitle, int left, int top, int width, int height) {
    int plotLeft = left + 90;
    int plotRight = left + width - 30;
    int plotTop = top + 36;
    int plotBottom = top + height - 60;

    double yMax = 0;
    TreeSet<Double> xs = new TreeSet<>();
    for (Series s : panel.series()) {
      for (Point p : s.points()) {
        yMax = Math.max(yMax, Math.max(p.max(), p.median()));
        xs.add(p.x());
      }
    }
    PlotScale y = PlotScale.linearFromZero(yMax * 1.08, plotBottom, plotTop, 6);
    double xMin = xs.isEmpty() ? 1 : xs.first();
    double xMax = xs.isEmpty() ? 100 : Math.max(xs.last(), xMin * 10);
    PlotScale x = PlotScale.log10(xMin / 1.4, xMax * 1.4, plotLeft, plotRight, new ArrayList<>(xs));

    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.drawString(panel.title(), plotLeft, top + 22);

    // Grid and y ticks.
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    FontMetrics metrics = g.getFontMetrics();
    for (double tick : y.ticks()) {
      int py = (int) Math.round(y.pixel(tick));
      g.setColor(new Color(0xe6e6e6));
      g.setStroke(new BasicStroke(1f));
      g.drawLine(plotLeft, py, plotRight, py);
      g.setColor(Color.BLACK);
      String label = PlotScale.label(tick);
      g.drawString(
          label, plotLeft - 8 - metrics.stringWidth(label), py + metrics.getAscent() / 2 - 1);
    }
    for (double tick : x.ticks()) {
      int px = (int) Math.round(x.pixel(tick));
      g.setColor(new Color(0xe6e6e6));
      g.drawLine(px, plotTop, px, plotBottom);
      g.setColor(Color.BLACK);
      g.drawLine(px, plotBottom, px, plotBottom + 5);
      String label = PlotScale.label(tick);
      g.drawString(
          label, px - metrics.stringWidth(label) / 2, plotBottom + 8 + metrics.getAscent());
    }
    g.setColor(Color.BLACK);
    g.setStroke(new BasicStroke(1.2f));
    g.drawLine(plotLeft, plotBottom, plotRight, plotBottom);
    g.drawLine(plotLeft, plotTop, plotLeft, plotBottom);

    // Axis titles: x below, y turned along the axis.
    g.drawString(xTitle, (plotLeft + plotRight - metrics.stringWidth(xTitle)) / 2, plotBottom + 44);
    AffineTransform saved = g.getTransform();
    g.rotate(-Math.PI / 2);
    g.drawString(
        panel.yUnit(), -(plotTop + plotBottom + metrics.stringWidth(panel.yUnit())) / 2, left + 26);
    g.setTransform(saved);

    // The series: min–max bars, lines through the medians, markers.
    for (int i = 0; i < panel.series().size(); i++) {
      Series s = panel.series().get(i);
      g.setColor(s.color());
      g.setStroke(new BasicStroke(1.5f));
      for (Point p : s.points()) {
        int px = (int) Math.round(x.pixel(p.x())) + (i == 0 ? -3 : 3);
        int low = (int) Math.round(y.pixel(p.min()));
        int high = (int) Math.round(y.pixel(p.max()));
        g.drawLine(px, low, px, high);
        g.drawLine(px - 4, low, px + 4, low);
        g.drawLine(px - 4, high, px + 4, high);
      }
      g.setStroke(new BasicStroke(2.5f));
      for (int j = 1; j < s.points().size(); j++) {
        Point a = s.points().get(j - 1);
        Point b = s.points().get(j);
        g.drawLine(
            (int) Math.round(x.pixel(a.x())),
            (int) Math.round(y.pixel(a.median())),
            (int) Math.round(x.pixel(b.x())),
            (int) Math.round(y.pixel(b.median())));
      }
      for (Point p : s.points()) {
        marker(g, i, (int) Math.round(x.pixel(p.x())), (int) Math.round(y.pixel(p.median())));
      }
    }
    // The values last, on a white ground, so no line crosses them: the first series' above its
    // points, the second's below.
    for (int i = 0; i < panel.series().size(); i++) {
      Series s = panel.series().get(i);
      for (Point p : s.points()) {
        int px = (int) Math.round(x.pixel(p.x())) + 8;
        int py = (int) Math.round(y.pixel(p.median()));
        String value = String.format(Locale.ROOT, "%." + panel.decimals() + "f", p.median());
        int baseline = i == 0 ? py - 8 : py + 8 + metrics.getAscent();
        g.setColor(Color.WHITE);
        g.fillRect(
            px - 1,
            baseline - metrics.getAscent(),
            metrics.stringWidth(value) + 2,
            metrics.getAscent() + 2);
        g.setColor(s.color().darker());
        g.drawString(value, px, baseline);
      }
    }
  }

  /** A circle for the first series, a square for the second. */
  private static void marker(Graphics2D g, int series, int x, int y) {
    if (series % 2 == 0) {
      g.fillOval(x - 5, y - 5, 10, 10);
    } else {
      g.fillRect(x - 5, y - 5, 10, 10);
    }
  }
}
