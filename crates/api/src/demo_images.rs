//! The demo shop's pictures, drawn on the machine as SVG: `/images/demo/v1/{motif}/{colour}/{sku}.svg`
//! (the address the seed gives each product, see `domain::demo_pictures::demo_image`) draws the motif of
//! the product's category or apparel type in its colour, varied by the SKU. The address decides
//! every pixel, so the answer is cached as immutable. `/images/{kind}/{name}.svg`, the address of
//! databases seeded before, still answers a burst coloured by the name. `/placeholder.svg` is the
//! picture of a product without one, a drawing sharp at any size; `/placeholder.png`, the "no
//! image" address stored with products, leads to it.

use std::fmt::Write as _;

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{web, HttpResponse};
use domain::demo_pictures::{Motif, MIXED_COLOR};

use crate::web_assets::escape_xml;

/// The picture shown for a product without one (`PLACEHOLDER_PICTURE` of product-image.tsx).
pub const PLACEHOLDER_PICTURE: &str = "/placeholder.svg";

/// The "no image" addresses a product may carry (the back office's stored default, and the
/// picture itself): shown as [`PLACEHOLDER_PICTURE`].
const NO_IMAGE: [&str; 3] = ["/placeholder.png", PLACEHOLDER_PICTURE, "placeholder"];

/// The address of the picture to show for a product's `image`: the placeholder drawing when it
/// is blank or one of the "no image" addresses, else the image itself (`imageSource` of
/// product-image.tsx).
#[must_use]
pub fn shown_image(image: &str) -> &str {
    let s = image.trim();
    if s.is_empty() || NO_IMAGE.contains(&s) {
        PLACEHOLDER_PICTURE
    } else {
        s
    }
}

/// Registers the image addresses.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(PLACEHOLDER_PICTURE, web::get().to(placeholder))
        .route("/placeholder.png", web::get().to(placeholder_png))
        .route(
            "/images/demo/v1/{motif}/{color}/{name}.svg",
            web::get().to(demo_image),
        )
        .route("/images/{kind}/{name}.svg", web::get().to(legacy_image));
}

/// A small deterministic generator seeded by a name (FNV-1a, then xorshift).
struct Dice(u64);

impl Dice {
    fn new(name: &str) -> Dice {
        let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Dice(hash | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `lo..hi`.
    #[allow(clippy::cast_precision_loss)]
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (self.next() % 10_000) as f64 / 10_000.0 * (hi - lo)
    }

    /// An index below `n`.
    #[allow(clippy::cast_possible_truncation)]
    fn pick(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// (main, light) of a colour name; `None` for an unknown one.
fn shade(color: &str) -> Option<(&'static str, &'static str)> {
    Some(match color {
        "black" => ("#374151", "#d1d5db"),
        "blue" => ("#2563eb", "#93c5fd"),
        "brown" => ("#92400e", "#e7b07a"),
        "gold" => ("#ca8a04", "#fde68a"),
        "green" => ("#16a34a", "#86efac"),
        "orange" => ("#ea580c", "#fdba74"),
        "pink" => ("#db2777", "#f9a8d4"),
        "purple" => ("#9333ea", "#d8b4fe"),
        "red" => ("#dc2626", "#fca5a5"),
        "silver" => ("#94a3b8", "#f1f5f9"),
        "white" => ("#e5e7eb", "#ffffff"),
        "yellow" => ("#eab308", "#fef08a"),
        _ => return None,
    })
}

/// Colours of a picture: its own first, then others from the dice (all of them for `mixed`).
fn palette(color: &str, dice: &mut Dice) -> Vec<(&'static str, &'static str)> {
    const OTHERS: [&str; 8] = [
        "red", "gold", "blue", "green", "purple", "silver", "pink", "orange",
    ];
    let start = dice.pick(OTHERS.len());
    let mut colours: Vec<_> = shade(color).into_iter().collect();
    colours.extend((0..OTHERS.len()).filter_map(|i| shade(OTHERS[(start + i) % OTHERS.len()])));
    colours
}

/// A firework burst: rays with a star at each tip around a bright heart.
fn burst(
    out: &mut String,
    dice: &mut Dice,
    (cx, cy, r): (f64, f64, f64),
    (main, light): (&str, &str),
) {
    let rays = 14 + dice.pick(14);
    let turn = dice.range(0.0, 30.0);
    for i in 0..rays {
        #[allow(clippy::cast_precision_loss)]
        let angle = (turn + i as f64 * 360.0 / rays as f64).to_radians();
        let len = r * dice.range(0.75, 1.0);
        let (s, c) = angle.sin_cos();
        let (x, y) = (cx + len * c, cy + len * s);
        let _ = write!(
            out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{y:.1}\" stroke=\"{main}\" stroke-width=\"2.5\" stroke-linecap=\"round\" opacity=\".85\"/>\
<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3.2\" fill=\"{light}\"/>",
            cx + r * 0.18 * c,
            cy + r * 0.18 * s,
        );
    }
    let _ = write!(
        out,
        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"{light}\" opacity=\".9\"/>",
        r * 0.09 + 2.0
    );
}

/// Sparks sprayed from a point between two angles (degrees, 0 = right, -90 = up).
fn spray(
    out: &mut String,
    dice: &mut Dice,
    (x, y): (f64, f64),
    (from, to): (f64, f64),
    (short, long): (f64, f64),
    colours: &[(&str, &str)],
    count: usize,
) {
    for i in 0..count {
        let angle = dice.range(from, to).to_radians();
        let len = dice.range(short, long);
        let (s, c) = angle.sin_cos();
        let (main, light) = colours[i % colours.len().clamp(1, 2)];
        let _ = write!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{main}\" stroke-width=\"1.8\" opacity=\".8\"/>\
<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2\" fill=\"{light}\"/>",
            x + len * c,
            y + len * s,
            x + len * c,
            y + len * s,
        );
    }
}

/// The night sky with its stars and a dark ground.
fn night(out: &mut String, dice: &mut Dice) {
    out.push_str(
        "<defs><linearGradient id=\"sky\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"#070b1f\"/>\
<stop offset=\"1\" stop-color=\"#27214f\"/></linearGradient></defs><rect width=\"400\" height=\"400\" fill=\"url(#sky)\"/>",
    );
    for _ in 0..18 {
        let _ = write!(
            out,
            "<circle cx=\"{:.0}\" cy=\"{:.0}\" r=\"{:.1}\" fill=\"#fff\" opacity=\"{:.2}\"/>",
            dice.range(5.0, 395.0),
            dice.range(5.0, 300.0),
            dice.range(0.6, 1.6),
            dice.range(0.3, 0.9)
        );
    }
    out.push_str("<path d=\"M0 345 Q100 325 200 340 T400 335 V400 H0Z\" fill=\"#0b0f1a\"/>");
}

/// A firework motif against the night sky.
fn firework(out: &mut String, motif: Motif, dice: &mut Dice, colours: &[(&str, &str)]) {
    night(out, dice);
    let c0 = colours[0];
    let c1 = colours[1 % colours.len()];
    match motif {
        Motif::Cake => {
            for (i, x) in [120.0, 200.0, 280.0].into_iter().enumerate() {
                let cx = x + dice.range(-20.0, 20.0);
                let cy = dice.range(70.0, 150.0);
                let r = dice.range(45.0, 70.0);
                burst(out, dice, (cx, cy, r), colours[i % colours.len()]);
                let _ = write!(out, "<line x1=\"200\" y1=\"262\" x2=\"{cx:.1}\" y2=\"{cy:.1}\" stroke=\"{}\" stroke-width=\"1.2\" stroke-dasharray=\"3 6\" opacity=\".6\"/>", c1.1);
            }
            let _ = write!(
                out,
                "<path d=\"M120 270 L280 270 L280 345 L120 345Z\" fill=\"{}\"/><path d=\"M120 270 L150 250 L310 250 L280 270Z\" fill=\"{}\"/>\
<path d=\"M280 270 L310 250 L310 325 L280 345Z\" fill=\"#1f2937\"/><rect x=\"120\" y=\"295\" width=\"160\" height=\"18\" fill=\"{}\"/>",
                c0.0, c0.1, c1.0
            );
            for row in 0..2 {
                for col in 0..5 {
                    let _ = write!(
                        out,
                        "<ellipse cx=\"{:.1}\" cy=\"{:.1}\" rx=\"9\" ry=\"4\" fill=\"#111827\"/>",
                        f64::from(147 + col * 30 - row * 14),
                        f64::from(256 + row * 8)
                    );
                }
            }
        }
        Motif::Rocket => {
            let (bx, by) = (dice.range(130.0, 170.0), dice.range(90.0, 130.0));
            burst(out, dice, (bx, by, 70.0), c0);
            spray(
                out,
                dice,
                (262.0, 232.0),
                (40.0, 120.0),
                (20.0, 70.0),
                &[c1],
                18,
            );
            let _ = write!(
                out,
                "<g transform=\"rotate(-32 250 220)\"><line x1=\"250\" y1=\"250\" x2=\"250\" y2=\"345\" stroke=\"#a16207\" stroke-width=\"4\"/>\
<rect x=\"238\" y=\"170\" width=\"24\" height=\"80\" rx=\"4\" fill=\"{}\"/><path d=\"M238 170 L250 140 L262 170Z\" fill=\"{}\"/>\
<path d=\"M238 235 L226 256 L238 250Z M262 235 L274 256 L262 250Z\" fill=\"{}\"/></g>",
                c0.0, c0.1, c1.0
            );
        }
        Motif::Fountain => {
            spray(
                out,
                dice,
                (200.0, 268.0),
                (-160.0, -20.0),
                (40.0, 170.0),
                colours,
                70,
            );
            let _ = write!(
                out,
                "<path d=\"M165 340 L235 340 L212 262 L188 262Z\" fill=\"{}\"/><rect x=\"160\" y=\"336\" width=\"80\" height=\"10\" rx=\"3\" fill=\"#1f2937\"/>\
<path d=\"M172 310 L228 310 L224 296 L176 296Z\" fill=\"{}\"/>",
                c0.0, c1.1
            );
        }
        Motif::Shell => {
            let (cx, cy) = (dice.range(170.0, 230.0), dice.range(120.0, 150.0));
            burst(out, dice, (cx, cy, 115.0), c0);
            burst(out, dice, (cx, cy, 55.0), c1);
            let _ = write!(
                out,
                "<line x1=\"200\" y1=\"300\" x2=\"{cx:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"1.5\" stroke-dasharray=\"2 7\"/>\
<rect x=\"184\" y=\"290\" width=\"32\" height=\"55\" rx=\"3\" fill=\"#4b5563\"/><rect x=\"180\" y=\"286\" width=\"40\" height=\"8\" rx=\"2\" fill=\"#6b7280\"/>",
                cy + 20.0,
                c0.1
            );
        }
        Motif::Candle => {
            for (i, x) in [150.0, 200.0, 250.0].into_iter().enumerate() {
                let lean = dice.range(-14.0, 14.0);
                let (main, light) = colours[i % colours.len()];
                let _ = write!(out, "<g transform=\"rotate({lean:.1} {x} 340)\"><rect x=\"{:.1}\" y=\"250\" width=\"12\" height=\"92\" rx=\"3\" fill=\"{main}\"/>", x - 6.0);
                let mut y = 225.0;
                for _ in 0..4 {
                    let _ = write!(out, "<circle cx=\"{x}\" cy=\"{y:.1}\" r=\"7\" fill=\"{light}\"/><line x1=\"{x}\" y1=\"{:.1}\" x2=\"{x}\" y2=\"{:.1}\" stroke=\"{main}\" stroke-width=\"3\" opacity=\".6\"/>", y + 8.0, y + 28.0);
                    y -= dice.range(40.0, 55.0);
                }
                out.push_str("</g>");
            }
        }
        Motif::Sparkler => {
            out.push_str("<defs><radialGradient id=\"glow\"><stop offset=\"0\" stop-color=\"#fff\" stop-opacity=\".9\"/><stop offset=\"1\" stop-color=\"#fff\" stop-opacity=\"0\"/></radialGradient></defs>\
<line x1=\"130\" y1=\"350\" x2=\"250\" y2=\"150\" stroke=\"#9ca3af\" stroke-width=\"4\" stroke-linecap=\"round\"/><line x1=\"130\" y1=\"350\" x2=\"168\" y2=\"287\" stroke=\"#78350f\" stroke-width=\"7\" stroke-linecap=\"round\"/>\
<circle cx=\"250\" cy=\"150\" r=\"60\" fill=\"url(#glow)\"/>");
            spray(
                out,
                dice,
                (250.0, 150.0),
                (0.0, 360.0),
                (15.0, 95.0),
                colours,
                60,
            );
        }
        Motif::Firecracker => {
            for i in 0..8 {
                let (main, light) = if i % 2 == 0 {
                    c0
                } else {
                    ("#b91c1c", "#fca5a5")
                };
                let x = 130.0 + f64::from(i) * 20.0;
                let y = 300.0 - f64::from(i) * 18.0;
                let _ = write!(out, "<g transform=\"rotate(-40 {x} {y})\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"14\" height=\"44\" rx=\"4\" fill=\"{main}\"/><rect x=\"{:.1}\" y=\"{:.1}\" width=\"14\" height=\"6\" fill=\"{light}\"/></g>", x - 7.0, y - 22.0, x - 7.0, y - 22.0);
            }
            out.push_str("<path d=\"M272 160 Q300 120 285 95\" stroke=\"#d1d5db\" stroke-width=\"3\" fill=\"none\"/>");
            spray(
                out,
                dice,
                (285.0, 95.0),
                (0.0, 360.0),
                (10.0, 40.0),
                &[c1, ("#facc15", "#fef08a")],
                24,
            );
        }
        Motif::Smoke => {
            for i in 0..9 {
                let (main, _) = colours[i % colours.len().min(2)];
                let _ = write!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{main}\" opacity=\".55\"/>",
                    200.0 + dice.range(-70.0, 70.0),
                    300.0 - f64::from(u8::try_from(i).unwrap_or(0)) * 25.0 - dice.range(0.0, 20.0),
                    dice.range(30.0, 55.0)
                );
            }
            out.push_str("<circle cx=\"200\" cy=\"320\" r=\"22\" fill=\"#374151\"/><path d=\"M200 298 Q206 286 214 284\" stroke=\"#d1d5db\" stroke-width=\"3\" fill=\"none\"/>");
        }
        Motif::Spinner => {
            let (cx, cy) = (200.0, 190.0);
            for arm in 0..6 {
                let (main, light) = colours[arm % colours.len().min(3)];
                let start = f64::from(u8::try_from(arm).unwrap_or(0)) * 60.0;
                let mut d = String::new();
                for step in 0..=12 {
                    let t = f64::from(step) / 12.0;
                    let angle = (start + t * 150.0).to_radians();
                    let r = 18.0 + t * 120.0;
                    let (s, c) = angle.sin_cos();
                    let _ = write!(
                        d,
                        "{}{:.1} {:.1} ",
                        if step == 0 { "M" } else { "L" },
                        cx + r * c,
                        cy + r * s
                    );
                }
                let _ = write!(out, "<path d=\"{d}\" stroke=\"{main}\" stroke-width=\"4\" fill=\"none\" stroke-linecap=\"round\" opacity=\".85\"/>");
                let end = (start + 150.0).to_radians();
                let _ = write!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"{light}\"/>",
                    cx + 138.0 * end.cos(),
                    cy + 138.0 * end.sin()
                );
            }
            let _ = write!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"18\" fill=\"{}\"/><circle cx=\"{cx}\" cy=\"{cy}\" r=\"6\" fill=\"#111827\"/>", c0.1);
        }
        Motif::Confetti => {
            let _ = write!(out, "<g transform=\"rotate(-25 200 330)\"><rect x=\"180\" y=\"230\" width=\"40\" height=\"110\" rx=\"6\" fill=\"{}\"/><rect x=\"180\" y=\"250\" width=\"40\" height=\"14\" fill=\"{}\"/></g>", c0.0, c1.1);
            for i in 0..55 {
                let (main, _) = colours[i % colours.len()];
                let _ = write!(
                    out,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"9\" height=\"5\" fill=\"{main}\" transform=\"rotate({:.0} {:.1} {:.1})\"/>",
                    dice.range(80.0, 330.0),
                    dice.range(30.0, 220.0),
                    dice.range(0.0, 180.0),
                    dice.range(80.0, 330.0),
                    dice.range(30.0, 220.0)
                );
            }
        }
        Motif::Fuse => {
            for i in 0..5 {
                let _ = write!(out, "<ellipse cx=\"200\" cy=\"{:.1}\" rx=\"85\" ry=\"26\" stroke=\"{}\" stroke-width=\"7\" fill=\"none\"/>", 300.0 - f64::from(i) * 14.0, if i % 2 == 0 { c0.0 } else { "#15803d" });
            }
            out.push_str("<path d=\"M285 244 Q320 200 300 160\" stroke=\"#15803d\" stroke-width=\"6\" fill=\"none\"/>");
            spray(
                out,
                dice,
                (300.0, 160.0),
                (0.0, 360.0),
                (8.0, 45.0),
                &[c1, ("#facc15", "#fef08a")],
                30,
            );
        }
        Motif::Show
        | Motif::TShirt
        | Motif::Hoodie
        | Motif::Hat
        | Motif::TankTop
        | Motif::LongSleeve => {
            for i in 0..4 {
                let x = 70.0 + f64::from(i) * 87.0 + dice.range(-15.0, 15.0);
                let y = dice.range(60.0, 190.0);
                let r = dice.range(35.0, 60.0);
                burst(
                    out,
                    dice,
                    (x, y, r),
                    colours[usize::from(u8::try_from(i).unwrap_or(0)) % colours.len()],
                );
            }
            let mut skyline = String::from("M0 345");
            let mut x = 0.0;
            while x < 400.0 {
                let w = dice.range(25.0, 50.0);
                let h = dice.range(20.0, 70.0);
                let _ = write!(
                    skyline,
                    " L{x:.0} {:.0} L{:.0} {:.0}",
                    345.0 - h,
                    x + w,
                    345.0 - h
                );
                x += w;
            }
            let _ = write!(
                out,
                "<path d=\"{skyline} L400 345 V400 H0Z\" fill=\"#030712\"/>"
            );
        }
    }
}

/// A garment in its colour on a light background, with a small burst printed on it.
fn garment(out: &mut String, motif: Motif, dice: &mut Dice, colours: &[(&str, &str)]) {
    let (main, _) = colours[0];
    let print = if matches!(main, "#e5e7eb" | "#fef08a" | "#eab308") {
        ("#1d4ed8", "#dc2626")
    } else {
        ("#fde68a", "#ffffff")
    };
    out.push_str("<rect width=\"400\" height=\"400\" fill=\"#f3f4f6\"/><ellipse cx=\"200\" cy=\"360\" rx=\"130\" ry=\"12\" fill=\"#d1d5db\"/>");
    let shape = match motif {
        Motif::Hoodie => "M140 95 Q200 40 260 95 L330 130 L345 320 L305 322 L295 190 L290 345 L110 345 L105 190 L95 322 L55 320 L70 130Z",
        Motif::Hat => "M95 230 Q100 110 200 105 Q300 110 305 230Z M80 232 L330 232 Q360 236 365 252 L300 262 L95 262 Q72 256 80 232Z",
        Motif::TankTop => "M150 70 L175 70 Q200 120 225 70 L250 70 L255 150 Q285 170 290 200 L290 345 L110 345 L110 200 Q115 170 145 150Z",
        Motif::LongSleeve => "M150 70 Q200 100 250 70 L330 110 L350 330 L312 334 L292 170 L292 345 L108 345 L108 170 L88 334 L50 330 L70 110Z",
        _ => "M150 70 Q200 100 250 70 L335 115 L310 175 L290 162 L290 345 L110 345 L110 162 L90 175 L65 115Z",
    };
    let _ = write!(
        out,
        "<path d=\"{shape}\" fill=\"{main}\" stroke=\"#9ca3af\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"
    );
    match motif {
        Motif::Hoodie => out.push_str(
            "<path d=\"M150 250 L250 250 L262 300 L138 300Z\" fill=\"#000\" opacity=\".12\"/><path d=\"M185 100 L190 150 M215 100 L210 150\" stroke=\"#f9fafb\" stroke-width=\"3\"/>",
        ),
        Motif::Hat => out.push_str("<circle cx=\"200\" cy=\"106\" r=\"6\" fill=\"#000\" opacity=\".2\"/>"),
        _ => {}
    }
    let (cx, cy) = if motif == Motif::Hat {
        (200.0, 175.0)
    } else {
        (200.0, 190.0)
    };
    burst(out, dice, (cx, cy, 32.0), print);
}

/// The SVG document of a motif in a colour, varied by `name`, with `caption` at the bottom.
fn draw(motif: Motif, color: &str, name: &str, caption: Option<&str>) -> String {
    let mut dice = Dice::new(name);
    let colours = palette(color, &mut dice);
    let mut out = String::with_capacity(8_192);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 400\" width=\"400\" height=\"400\" role=\"img\" aria-label=\"{}\">",
        escape_xml(&format!("{color} {motif}"))
    );
    if motif.is_garment() {
        garment(&mut out, motif, &mut dice, &colours);
    } else {
        firework(&mut out, motif, &mut dice, &colours);
    }
    if let Some(caption) = caption {
        let _ = write!(
            out,
            "<text x=\"200\" y=\"382\" font-family=\"sans-serif\" font-size=\"22\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
            escape_xml(caption)
        );
    }
    out.push_str("</svg>");
    out
}

fn svg(body: String, cache: Vec<CacheDirective>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(CacheControl(cache))
        .content_type("image/svg+xml")
        .body(body)
}

/// `GET /images/demo/v1/{motif}/{color}/{name}.svg`: immutable, a year.
async fn demo_image(path: web::Path<(String, String, String)>) -> HttpResponse {
    let (motif, color, name) = path.into_inner();
    let known_color = color == MIXED_COLOR || shade(&color).is_some();
    let Some(motif) = Motif::parse(&motif).filter(|_| known_color && name.len() <= 64) else {
        return HttpResponse::NotFound().json(serde_json::json!({"message": "No such picture"}));
    };
    svg(
        draw(motif, &color, &name, None),
        vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(31_536_000),
            CacheDirective::Extension("immutable".into(), None),
        ],
    )
}

/// `GET /images/{kind}/{name}.svg`, the address of databases seeded before the demo pictures:
/// a shell burst in a colour taken from the name, cached for a day.
async fn legacy_image(path: web::Path<(String, String)>) -> HttpResponse {
    let (_, name) = path.into_inner();
    // The SKU in a corner, as these pictures always had it.
    let body = draw(
        Motif::Shell,
        MIXED_COLOR,
        &name.chars().take(64).collect::<String>(),
        Some(&name.chars().take(24).collect::<String>()),
    );
    svg(
        body,
        vec![CacheDirective::Public, CacheDirective::MaxAge(86_400)],
    )
}

/// The placeholder: a grey burst on a light ground, in the product pictures' 4:3 frame.
fn placeholder_drawing() -> String {
    let mut out = String::with_capacity(2_048);
    out.push_str(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 300\" width=\"400\" height=\"300\" \
role=\"img\" aria-label=\"No picture\"><rect width=\"400\" height=\"300\" fill=\"#f3f4f6\"/>\
<g stroke=\"#9ca3af\" stroke-width=\"7\" stroke-linecap=\"round\" fill=\"none\">",
    );
    // Twelve rays around (200, 125), long and short by turns.
    for i in 0..12_u8 {
        let angle = f64::from(i) * std::f64::consts::PI / 6.0;
        let (inner, outer) = if i % 2 == 0 {
            (30.0, 78.0)
        } else {
            (34.0, 60.0)
        };
        let _ = write!(
            out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
            200.0 + inner * angle.cos(),
            125.0 + inner * angle.sin(),
            200.0 + outer * angle.cos(),
            125.0 + outer * angle.sin(),
        );
    }
    out.push_str(
        "</g><circle cx=\"200\" cy=\"125\" r=\"11\" fill=\"#9ca3af\"/>\
<text x=\"200\" y=\"248\" font-family=\"sans-serif\" font-size=\"24\" text-anchor=\"middle\" \
fill=\"#6b7280\">No picture</text></svg>",
    );
    out
}

/// `GET /placeholder.svg`: the picture of a product without one, cached for a day.
async fn placeholder() -> HttpResponse {
    svg(
        placeholder_drawing(),
        vec![CacheDirective::Public, CacheDirective::MaxAge(86_400)],
    )
}

/// `GET /placeholder.png`, the "no image" address stored with products: the drawing's address.
async fn placeholder_png() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((actix_web::http::header::LOCATION, PLACEHOLDER_PICTURE))
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(86_400),
        ]))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placeholder_is_a_drawing_in_the_pictures_frame() {
        let svg = placeholder_drawing();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("viewBox=\"0 0 400 300\""));
        assert_eq!(svg.matches("<line ").count(), 12);
    }

    #[test]
    fn blank_and_no_image_addresses_show_the_placeholder() {
        for none in [
            "",
            "  ",
            "/placeholder.png",
            "/placeholder.svg",
            "placeholder",
        ] {
            assert_eq!(shown_image(none), PLACEHOLDER_PICTURE, "{none:?}");
        }
        assert_eq!(shown_image(" /images/a.svg "), "/images/a.svg");
        assert_eq!(
            shown_image("https://cdn.example/a.png"),
            "https://cdn.example/a.png"
        );
    }

    #[test]
    fn every_motif_draws_a_document_that_depends_on_the_name() {
        for motif in Motif::ALL {
            let a = draw(motif, "red", "CB-1001", None);
            assert!(a.starts_with("<svg") && a.ends_with("</svg>"), "{motif}");
            assert_eq!(
                a,
                draw(motif, "red", "CB-1001", None),
                "deterministic: {motif}"
            );
            assert_ne!(a, draw(motif, "red", "CB-1002", None), "varied: {motif}");
            assert_ne!(a, draw(motif, "blue", "CB-1001", None), "coloured: {motif}");
        }
    }

    #[test]
    fn motifs_draw_different_pictures() {
        let drawn: std::collections::HashSet<String> = Motif::ALL
            .into_iter()
            .map(|m| {
                draw(m, "gold", "X-1", None)
                    .split("<svg")
                    .nth(1)
                    .unwrap_or_default()
                    .split_once('>')
                    .map(|(_, rest)| rest.to_owned())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(drawn.len(), Motif::ALL.len());
    }
}
