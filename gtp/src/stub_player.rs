//! A stand-in player for the front end's tests: it answers `genmove` as the test tells it and
//! does nothing else (no analysis, no statuses, no parameters).

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tengen_engine::player::{
    Analysis, Decision, FinalStatuses, Param, ParamError, ParamValue, Player, SearchLimits,
};
use tengen_engine::{Color, Game};

/// What a [`StubPlayer`] answers to `genmove`, from the position.
type Answer = Box<dyn FnMut(&Game) -> (Decision, Analysis) + Send>;

/// A player whose every `genmove` is `answer`'s.
pub(crate) struct StubPlayer {
    name: &'static str,
    answer: Answer,
}

impl StubPlayer {
    pub(crate) fn new(
        name: &'static str,
        answer: impl FnMut(&Game) -> (Decision, Analysis) + Send + 'static,
    ) -> StubPlayer {
        StubPlayer {
            name,
            answer: Box::new(answer),
        }
    }
}

impl Player for StubPlayer {
    fn name(&self) -> &str {
        self.name
    }
    fn clear(&mut self) {}
    fn genmove(
        &mut self,
        game: &Game,
        _: Color,
        _: &SearchLimits,
        _: &AtomicBool,
        _: &mut dyn FnMut(&Analysis),
    ) -> (Decision, Analysis) {
        (self.answer)(game)
    }
    fn analyze(
        &mut self,
        _: &Game,
        _: Color,
        _: &AtomicBool,
        _: Duration,
        _: &mut dyn FnMut(&Analysis),
    ) {
    }
    fn final_statuses(&mut self, _: &Game) -> FinalStatuses {
        FinalStatuses::default()
    }
    fn params(&self) -> Vec<Param> {
        Vec::new()
    }
    fn set_param(&mut self, name: &str, _: ParamValue) -> Result<(), ParamError> {
        Err(ParamError::Unknown(name.into()))
    }
}
